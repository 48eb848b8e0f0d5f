import http from 'node:http';
import { listenLineSandbox } from '../../src/auth/oidc-sandbox.ts';

export const CHANNEL_ID = '1650000000';
export const CHANNEL_SECRET = 'test-line-channel-secret-0123456789abcdef';
/** Shorter than a login flow's 10 minutes on our side, so a test can let the code expire at the provider alone. */
export const CODE_TTL_SECONDS = 60;

/**
 * A LINE-like OpenID Connect provider for the tests: the real `oidc-provider` (the sandbox of
 * server/src/auth/oidc-sandbox.ts, HS256 ID tokens signed with the channel secret), reached through
 * a pass-through proxy that plays a man in the middle on request: `tamperNextIdToken()` makes it
 * rewrite the next token response's ID token (another `sub`, the signature left as it was).
 *
 * The proxy listens first, so its URL is the issuer the server is configured with before the
 * server starts; the provider itself starts once the server's callback URL is known (`attach`).
 */
export async function startLineProvider() {
  let target: number | undefined;
  let tamper = false;
  const proxy = http.createServer((req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (up) => {
      const isToken = (req.url ?? '').split('?')[0]!.endsWith('/token');
      if (!(tamper && isToken && up.statusCode === 200)) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      tamper = false;
      const chunks: Buffer[] = [];
      up.on('data', (chunk: Buffer) => chunks.push(chunk));
      up.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token: string };
        const [header, payload, signature] = body.id_token.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
        claims.sub = 'someone-else';
        claims.email = 'victim@example.com';
        body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
        const text = JSON.stringify(body);
        const headers = { ...up.headers, 'content-length': String(Buffer.byteLength(text)) };
        res.writeHead(200, headers);
        res.end(text);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  let sandbox: Awaited<ReturnType<typeof listenLineSandbox>> | undefined;

  return {
    issuer,
    /** Starts the provider with the server's callback registered as its redirect URI. */
    async attach(serverUrl: string) {
      sandbox = await listenLineSandbox({
        issuer,
        clientId: CHANNEL_ID,
        clientSecret: CHANNEL_SECRET,
        redirectUris: [`${serverUrl}/api/auth/oidc/line/callback`],
        codeTtlSeconds: CODE_TTL_SECONDS,
      });
      target = sandbox.port;
    },
    tamperNextIdToken() {
      tamper = true;
    },
    async close() {
      await sandbox?.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

/**
 * A person at the provider's pages, over HTTP: follows the authorization URL, signs in as `login`
 * (the sandbox takes any password) and consents, and returns the URL the provider sends the
 * browser back to (our callback with `code` and `state`), without following it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, callbackPrefix: string): Promise<string> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    remember(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(callbackPrefix)) return next;
      url = next;
      init = {};
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider page: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any-password' } : {}) });
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider did not send the browser back');
}
