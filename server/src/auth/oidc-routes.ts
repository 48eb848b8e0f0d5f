import { Router, type Request, type RequestHandler, type Response } from 'express';
import { oidcLinkBody, oidcTicketBody, unlinkProviderBody } from '@gp/common';
import type { Config } from '../config.ts';
import type { Platform } from '../platform/platform.ts';
import { byAddress, rateLimits, validateBody } from '../platform/http.ts';
import { createAuthLimits } from './limits.ts';
import { byMember, contextOf, currentUser, requireUser } from './middleware.ts';
import { SANDBOX_CHANNEL, SANDBOX_PATH, siteUrl } from './oidc-client.ts';
import { sendSignedIn } from './routes.ts';
import { readCookie, secureCookies } from './session-cookies.ts';
import type { OidcService } from './oidc-service.ts';
import type { AuthService } from './service.ts';

/** Where the provider sends the browser back: fixed per provider, registered at the provider. */
const callbackPath = (provider: string) => `/api/auth/oidc/${encodeURIComponent(provider)}/callback`;
/** The client page that collects a provider login's outcome. */
const CLIENT_RESULT_PAGE = '/auth/provider';

/**
 * The browser that starts a provider login keeps its `state` in a cookie (HttpOnly, SameSite=Lax so
 * it comes back on the provider's redirect, 10 minutes, only for these routes). The callback and
 * the collection of its outcome need that cookie: a login started in another browser (an attacker
 * sending their own callback or ticket link, "login CSRF") is refused.
 */
const FLOW_COOKIE_PATH = '/api/auth/oidc';
const flowCookieName = (config: Config) => (secureCookies(config) ? '__Secure-gp_oidc' : 'gp_oidc');
const FLOW_COOKIE_SECONDS = 600;
function bindFlowToBrowser(res: Response, config: Config, state: string) {
  res.cookie(flowCookieName(config), state, { httpOnly: true, secure: secureCookies(config), sameSite: 'lax', path: FLOW_COOKIE_PATH, maxAge: FLOW_COOKIE_SECONDS * 1000 });
}
const browserStateOf = (req: Request, config: Config) => readCookie(req, flowCookieName(config));

/** PUBLIC_URL, else this request's own origin (the demo on localhost). */
const originOf = (config: Config, req: Request) => (config.PUBLIC_URL ? siteUrl(config) : `${req.protocol}://${req.get('host') ?? 'localhost'}`);

export function oidcRoutes(platform: Platform, auth: AuthService, oidc: OidcService) {
  const router = Router();
  const { config } = platform;
  const { rateLimit } = rateLimits(platform.rateLimiter);
  const ticket = validateBody(oidcTicketBody);
  const linkBody = validateBody(oidcLinkBody);
  // The password step is a login attempt against that account: the same four counters (auth/limits.ts).
  const loginLimits = createAuthLimits(platform).loginLimits((req) => linkBody.of(req).email);
  const unlinkBody = validateBody(unlinkProviderBody);
  const wrongPasswords = rateLimits(platform.rateLimiter).failureLimit('login.pair', (req) => `${currentUser(req).user.email}|${byAddress(req)}`, ['invalid_credentials']);

  router.get('/auth/oidc/providers', (_req, res) => {
    res.json({ providers: oidc.providers() });
  });

  // Anyone may start a login: each start writes a flow row, so starts are counted per address.
  router.post('/auth/oidc/:provider/start', rateLimit('identity.address', byAddress), async (req, res) => {
    const provider = String(req.params.provider);
    const started = await oidc.start(provider, 'login', null, originOf(config, req) + callbackPath(provider));
    bindFlowToBrowser(res, config, started.state);
    res.json({ url: started.url });
  });

  // The browser arrives here from the provider. Errors are shown by the client page, not as JSON.
  router.get('/auth/oidc/:provider/callback', async (req, res) => {
    const query = Object.fromEntries(Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    try {
      const issued = await oidc.callback(String(req.params.provider), query, browserStateOf(req, config), contextOf(req));
      res.redirect(303, `${CLIENT_RESULT_PAGE}?ticket=${encodeURIComponent(issued)}`);
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'internal_error';
      if (code === 'internal_error') req.log?.error({ err: error }, 'OIDC callback failed');
      res.redirect(303, `${CLIENT_RESULT_PAGE}?error=${encodeURIComponent(code)}`);
    }
  });

  // A signed-in outcome answers with the session cookies (and the token, for API clients).
  router.post('/auth/oidc/result', ticket, async (req, res) => {
    const outcome = await oidc.result(ticket.of(req).ticket, browserStateOf(req, config), contextOf(req));
    if (outcome.status === 'signed_in') sendSignedIn(res, platform, outcome.signedIn, { extra: { status: 'signed_in' } });
    else res.json(outcome);
  });

  router.post('/auth/oidc/link-password', linkBody, loginLimits, async (req, res) => {
    const { ticket: issued, email, password } = linkBody.of(req);
    const outcome = await loginLimits.of(req).run(() => oidc.linkWithPassword(issued, email, password, browserStateOf(req, config), contextOf(req)));
    sendSignedIn(res, platform, outcome.signedIn, { extra: { status: 'signed_in' } });
  });

  router.get('/account/logins', requireUser(auth), async (req, res) => {
    res.json(await oidc.logins(currentUser(req).user.id));
  });

  router.post('/account/logins/:provider/link', requireUser(auth), rateLimit('identity.address', byMember), async (req, res) => {
    const provider = String(req.params.provider);
    const started = await oidc.start(provider, 'link', currentUser(req).user.id, originOf(config, req) + callbackPath(provider));
    bindFlowToBrowser(res, config, started.state);
    res.json({ url: started.url });
  });

  // Unlinking asks for the password again (a member who has none confirms nothing they could give);
  // a wrong one counts like a failed login for that email from this address.
  router.delete('/account/logins/:provider', requireUser(auth), unlinkBody, wrongPasswords, async (req, res) => {
    const { password } = unlinkBody.of(req);
    await wrongPasswords.of(req).run(() => oidc.unlink(currentUser(req).user.id, String(req.params.provider), password ?? '', contextOf(req)));
    res.status(204).end();
  });

  return router;
}

/**
 * LINE_SANDBOX: a sandbox LINE (./oidc-sandbox.ts) served by this site under /sandbox/line, used
 * when no LINE channel is configured. For demos and the browser tests; never with real channels.
 */
export function lineSandboxRoutes(config: Config) {
  if (!config.LINE_SANDBOX || (config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET)) return undefined;
  const site = siteUrl(config);
  const redirects = new Set([site, `http://localhost:${config.PORT}`, `http://127.0.0.1:${config.PORT}`].map((origin) => origin + callbackPath('line')));
  // Loaded on first use: oidc-provider is only needed by a deployment that turns the sandbox on.
  let handler: Promise<(req: Request, res: Parameters<RequestHandler>[1]) => unknown> | undefined;
  const sandbox: RequestHandler = (req, res, next) => {
    handler ??= import('./oidc-sandbox.ts').then(({ createLineSandbox }) =>
      createLineSandbox({
        issuer: site + SANDBOX_PATH,
        clientId: SANDBOX_CHANNEL.id,
        clientSecret: SANDBOX_CHANNEL.secret,
        redirectUris: [...redirects],
      }).callback(),
    );
    handler.then((handle) => handle(req, res)).catch(next);
  };
  return { path: SANDBOX_PATH, handler: sandbox };
}
