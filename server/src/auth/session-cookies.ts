import crypto from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { Config } from '../config.ts';
import { AppError } from '../platform/errors.ts';

/**
 * How a browser holds its session (issue 29, ASVS V3): the session token in an HttpOnly cookie no
 * script can read, and beside it a CSRF token the web client reads and echoes in `X-CSRF-Token` on
 * every state-changing request. The CSRF token is an HMAC of the session id under the server
 * secret (OWASP's "signed double-submit cookie"): a cookie planted by a sibling domain cannot match
 * a session it does not know, and no server state is needed to check it.
 *
 * Two sessions can live side by side in one browser: the member's (`gp_session`) and the back-office
 * console's (`gp_staff`, read only on /api/admin and the job board). Over https (PUBLIC_URL) the
 * names take the `__Host-` prefix, which the browser accepts only with `Secure`, `Path=/` and no
 * `Domain`: no other host can set or shadow them.
 *
 * Non-browser clients keep bearer tokens: `Authorization: Bearer` is read first, and needs no
 * CSRF token (a browser never attaches it by itself).
 */
export type SessionKind = 'member' | 'staff';

export const CSRF_HEADER = 'x-csrf-token';
const BASE_NAMES = { member: { session: 'gp_session', csrf: 'gp_csrf' }, staff: { session: 'gp_staff', csrf: 'gp_staff_csrf' } } as const;

type CookieConfig = Pick<Config, 'PUBLIC_URL'>;

/** Whether cookies are `Secure` with the `__Host-` prefix: the site is served over https. */
export const secureCookies = (config: CookieConfig) => config.PUBLIC_URL?.startsWith('https:') ?? false;

export function cookieNames(config: CookieConfig, kind: SessionKind) {
  const prefix = secureCookies(config) ? '__Host-' : '';
  return { session: prefix + BASE_NAMES[kind].session, csrf: prefix + BASE_NAMES[kind].csrf };
}

/** The CSRF token of a session: HMAC-SHA256 of its id under the server secret. */
export const csrfTokenFor = (secret: Uint8Array, sessionId: string) => crypto.createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');

/** One cookie of the request's Cookie header (the first of that name), or undefined. */
export function readCookie(req: Pick<Request, 'headers'>, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function options(config: CookieConfig, expires: Date, httpOnly: boolean): CookieOptions {
  return { httpOnly, secure: secureCookies(config), sameSite: 'strict', path: '/', expires };
}

/** Sets the session and CSRF cookies for a session that ends (absolutely) at `expiresAt`. */
export function setSessionCookies(
  res: Response,
  config: CookieConfig,
  secret: Uint8Array,
  kind: SessionKind,
  session: { token: string; sessionId: string; expiresAt: Date },
) {
  const names = cookieNames(config, kind);
  res.cookie(names.session, session.token, options(config, session.expiresAt, true));
  res.cookie(names.csrf, csrfTokenFor(secret, session.sessionId), options(config, session.expiresAt, false));
}

export function clearSessionCookies(res: Response, config: CookieConfig, kind: SessionKind) {
  const names = cookieNames(config, kind);
  const past = new Date(0);
  res.cookie(names.session, '', options(config, past, true));
  res.cookie(names.csrf, '', options(config, past, false));
}

/** Which session a request speaks for: the console's on the back-office API and job board, else the member's. */
export const kindOfRequest = (req: Pick<Request, 'originalUrl'>): SessionKind => (/^\/(api\/)?admin(\/|$)/.test(req.originalUrl) ? 'staff' : 'member');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isStateChanging = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

/**
 * The origins this site is reached at: PUBLIC_URL's, and the request's own (`Host` as the proxy
 * passed it on: the demo on localhost, the Vite dev server's proxy).
 */
export function isSameOrigin(config: CookieConfig, req: Pick<Request, 'protocol' | 'get'>, origin: string): boolean {
  if (config.PUBLIC_URL && origin === new URL(config.PUBLIC_URL).origin) return true;
  const host = req.get('host');
  return Boolean(host) && origin === `${req.protocol}://${host}`;
}

/**
 * A request carrying a browser's Origin header from another site is refused before anything runs
 * (403 `csrf_failed`): a second line behind the CSRF token and SameSite=Strict. Clients that send no
 * Origin (scripts, server-to-server) are not affected.
 */
export function refuseCrossOrigin(config: CookieConfig) {
  return (req: Request, _res: Response, next: () => void) => {
    const origin = req.headers.origin;
    if (isStateChanging(req.method) && origin && origin !== 'null' && !isSameOrigin(config, req, origin)) throw new AppError('csrf_failed');
    if (isStateChanging(req.method) && origin === 'null') throw new AppError('csrf_failed'); // sandboxed frames and data: pages
    next();
  };
}

/** Checks a cookie-authenticated, state-changing request's CSRF header against its session. */
export function checkCsrf(req: Pick<Request, 'method' | 'headers'>, secret: Uint8Array, sessionId: string) {
  if (!isStateChanging(req.method)) return;
  const sent = req.headers[CSRF_HEADER];
  const expected = csrfTokenFor(secret, sessionId);
  if (typeof sent !== 'string' || sent.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected))) {
    throw new AppError('csrf_failed');
  }
}
