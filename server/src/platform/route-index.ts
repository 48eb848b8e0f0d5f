import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** The first segment of a path, as Express compares paths (case-insensitively): `/orders/12` → `orders`. */
const firstSegment = (path: string) => path.slice(1).split('/', 1)[0]!.toLowerCase();

/** What a router's own routes say of their first segments: a set, or "any" when one of them cannot say. */
function segmentsOf(router: Router): Set<string> | 'any' {
  const segments = new Set<string>();
  for (const layer of router.stack) {
    const path: unknown = layer.route?.path;
    // A middleware of the router's own (no route), a regular expression or an array of paths, or a
    // first segment that is a parameter or a pattern: only the router can tell what it takes.
    if (typeof path !== 'string' || !path.startsWith('/')) return 'any';
    const segment = firstSegment(path);
    if (/[:*?+()[\]{}\\]/.test(segment)) return 'any';
    segments.add(segment);
  }
  return segments;
}

/**
 * Feature routers side by side, in this order (`api.use(routeIndex([...]))`): a request goes only
 * through the routers that have a route under its first path segment, in their order, where
 * Express alone would try every route of every router in turn — about a hundred before the last
 * router's, a few percent of the server's CPU at a thousand orders a second. What each router does
 * with a request it is given is unchanged; a router whose routes cannot be read this way (see
 * `segmentsOf`) is given every request, as before. The index is built at the first request, when
 * every router has its routes; `routers` lists them for what reads an app's routes.
 */
export function routeIndex(routers: readonly Router[]): RequestHandler & { routers: readonly Router[] } {
  let index: { bySegment: Map<string, Router[]>; always: Router[]; segmentsOf: Map<Router, Set<string> | 'any'> } | undefined;
  const build = () => {
    const segments = new Map(routers.map((router) => [router, segmentsOf(router)] as const));
    return { bySegment: new Map<string, Router[]>(), always: routers.filter((router) => segments.get(router) === 'any'), segmentsOf: segments };
  };
  /** The routers for one segment, in their order (remembered only for segments some router has: a stranger cannot grow the map). */
  const routersFor = (segment: string) => {
    index ??= build();
    const known = index.bySegment.get(segment);
    if (known) return known;
    const { segmentsOf: segments } = index;
    const matching = routers.filter((router) => {
      const own = segments.get(router)!;
      return own === 'any' || own.has(segment);
    });
    if (matching.length > index.always.length) index.bySegment.set(segment, matching);
    return matching;
  };
  const handler = (req: Request, res: Response, next: NextFunction) => {
    const candidates = routersFor(firstSegment(req.path));
    let i = 0;
    const step = (error?: unknown) => {
      // `next('router')` from inside a router leaves that router: the next one is tried.
      if (error !== undefined && error !== null && error !== 'router') return next(error);
      const router = candidates[i++];
      if (!router) return next();
      router(req, res, step);
    };
    step();
  };
  return Object.assign(handler, { routers });
}
