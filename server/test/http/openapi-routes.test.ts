import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { EDGE_OPERATIONS } from '../../src/openapi/edge-operations.ts';
import { OPERATIONS, type Operation } from '../../src/openapi/document.ts';
import { PAYMENT_CALLBACK_CHANNELS } from '../../src/payments/routes.ts';
import { testServer } from '../support/platform.ts';
import { call } from './api-client.ts';

/** What Express keeps of an app: routes, routers (ours, and the feature routers behind `routeIndex`), middleware and mounted applications. */
type Layer = {
  route?: { path: unknown; methods: Record<string, boolean> };
  rawPath?: unknown;
  handle?: { stack?: Layer[]; routers?: ReadonlyArray<{ stack: Layer[] }>; router?: unknown };
};

/**
 * Everything an Express app answers, read from its own router: `METHOD /path` routes (in OpenAPI's
 * `{param}` form; a RegExp route as its source), the applications mounted inside it (a third
 * party's: BullMQ's dashboard), and middleware mounted at a path of its own (a body parser for
 * the routes below it, or something that answers by itself: the LINE sandbox).
 */
function servedBy(stack: Layer[], prefix = '', found = { routes: new Set<string>(), apps: new Set<string>(), pathMiddleware: new Set<string>() }) {
  for (const layer of stack) {
    if (layer.route) {
      const { path } = layer.route;
      const route = path instanceof RegExp ? String(path) : (prefix + String(path)).replace(/:(\w+)/g, '{$1}');
      for (const method of Object.keys(layer.route.methods)) found.routes.add(`${method.toUpperCase()} ${route}`);
      continue;
    }
    const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? prefix + layer.rawPath : prefix;
    if (layer.handle?.stack) servedBy(layer.handle.stack, at, found);
    else if (layer.handle?.routers) for (const router of layer.handle.routers) servedBy(router.stack, at, found);
    else if (layer.handle?.router) found.apps.add(at);
    else if (at !== prefix) found.pathMiddleware.add(at);
  }
  return found;
}

/** The providers' notification route stands for each channel its table accepts (any other answers 404). */
const expandCallbacks = (route: string) =>
  route === 'POST /api/payments/{provider}/{channel}'
    ? Object.entries(PAYMENT_CALLBACK_CHANNELS).flatMap(([provider, channels]) => channels.map((channel) => `POST /api/payments/${provider}/${channel}`))
    : [route];

const keyOf = (op: Operation) => `${op.method.toUpperCase()} ${op.expressPath ?? op.path}`;

/** What the document says one server answers: its routes and its mounted applications. */
function documented(operations: Operation[]) {
  return {
    routes: new Set(operations.filter((op) => !op.mount).map(keyOf)),
    mounts: new Set(operations.filter((op) => op.mount).map((op) => op.path)),
  };
}

describe('the OpenAPI document lists every route the server serves, and only those', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let doc: any;
  beforeAll(async () => {
    // The routes that exist only when configured: the LINE sandbox and the back-office host's front door.
    env = await testServer('embedded', { LINE_SANDBOX: 'true', ADMIN_HOST: 'admin.example.com' });
    doc = (await call(env.url, 'GET', '/api/openapi.json')).body;
  });
  afterAll(() => env.stop());

  const site = () => {
    const app = createApp(env.platform, env.services) as unknown as { router: { stack: Layer[] } };
    return servedBy(app.router.stack);
  };
  const siteOperations = () => [...OPERATIONS, ...EDGE_OPERATIONS].filter((op) => !op.server);
  const sandboxOperations = () => EDGE_OPERATIONS.filter((op) => op.server === 'payments-sandbox');

  it("finds the site's routes where Express keeps them, webhooks and the web app's catch-all included", () => {
    const { routes, apps, pathMiddleware } = site();
    expect(routes.size).toBeGreaterThan(100);
    expect([...routes]).toEqual(expect.arrayContaining(['POST /api/payments/{provider}/{channel}', 'PATCH /api/inbox/{id}', 'GET /api/health', 'GET /']));
    expect([...apps]).toEqual(['/admin/queues']);
    expect([...pathMiddleware]).toContain('/sandbox/line');
  });

  it('every route the site serves is in the document', () => {
    const served = [...site().routes].flatMap(expandCallbacks);
    const { routes } = documented(siteOperations());
    expect(served.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('every route the document gives the site is served (Socket.IO, outside Express, answers below)', () => {
    const served = new Set([...site().routes].flatMap(expandCallbacks));
    const { routes } = documented(siteOperations());
    expect([...routes].filter((route) => !served.has(route) && route !== 'GET /socket.io/')).toEqual([]);
  });

  it("each application or handler mounted at a path of its own is documented as a mount, and each documented mount is there", () => {
    const { apps, pathMiddleware } = site();
    const { routes, mounts } = documented(siteOperations());
    const paths = [...routes].map((route) => route.split(' ')[1]!);
    // Middleware at a path with documented routes below it works for them (a body parser); one with none answers by itself.
    const answersItself = [...pathMiddleware].filter((at) => !paths.some((path) => path.startsWith(`${at}/`)));
    expect([...apps, ...answersItself].filter((at) => !mounts.has(at))).toEqual([]);
    expect([...mounts].filter((at) => !apps.has(at) && !pathMiddleware.has(at))).toEqual([]);
  });

  it('Socket.IO answers at the documented path', async () => {
    expect(documented(siteOperations()).routes.has('GET /socket.io/')).toBe(true);
    const res = await call(env.url, 'GET', '/socket.io/?EIO=4&transport=polling');
    expect(res.status).toBe(200);
    expect(String(res.body)).toMatch(/^0\{"sid":/);
  });

  it('the payments sandbox (its own server) serves exactly the routes the document gives it', () => {
    const sandbox = env.services.deposits.runtime.sandbox;
    expect(sandbox, 'PAYMENTS=sandbox without keys starts the sandbox').toBeDefined();
    const served = servedBy((sandbox!.app as unknown as { router: { stack: Layer[] } }).router.stack);
    const { routes, mounts } = documented(sandboxOperations());
    expect(served.routes.size).toBeGreaterThan(20);
    expect([...served.routes].filter((route) => !routes.has(route))).toEqual([]);
    expect([...routes].filter((route) => !served.routes.has(route))).toEqual([]);
    expect([...served.apps, ...mounts]).toEqual([]);
    const paths = [...routes].map((route) => route.split(' ')[1]!);
    expect([...served.pathMiddleware].filter((at) => !paths.some((path) => path.startsWith(`${at}/`)))).toEqual([]);
  });

  it('the served document tags what is outside the JSON contract, marks the sandboxes internal, and sends sandbox paths to their own server', () => {
    for (const op of EDGE_OPERATIONS) {
      const entry = doc.paths[op.path][op.method];
      expect(entry.tags, `${op.method} ${op.path}`).toHaveLength(1);
      expect(Boolean(entry['x-internal']), `${op.method} ${op.path}`).toBe(op.audience === 'sandbox');
      expect(Boolean(doc.paths[op.path].servers), `${op.method} ${op.path}`).toBe(op.server === 'payments-sandbox');
    }
    for (const op of OPERATIONS) expect(doc.paths[op.path][op.method].tags, `${op.method} ${op.path}`).toBeUndefined();
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['payment providers', 'sandbox', 'web app', 'realtime', 'job board']));
  });
});
