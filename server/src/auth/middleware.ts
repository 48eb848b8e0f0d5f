import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../platform/errors.ts';
import { checkCsrf, cookieNames, kindOfRequest, readCookie } from './session-cookies.ts';
import type { AuthenticatedUser, AuthService, SessionContext } from './service.ts';
import { byAddress } from '../platform/http.ts';

export { clearSessionCookies, cookieNames, isSameOrigin, isStateChanging, readCookie, setSessionCookies } from './session-cookies.ts';
export { createAuthLimits } from './limits.ts';
export { presentUser } from './present.ts';

/** Where and with what a request comes: kept with a session it opens, and named in security notices. */
export const contextOf = (req: Request): SessionContext => ({ address: byAddress(req), userAgent: req.get('user-agent') ?? null });

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthenticatedUser;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim() || undefined;
}

/**
 * Requires a valid session: 401 `unauthorized` without one, else the session's own error. A bearer
 * token (scripts, the API's outside users) is read first; a browser's session cookie otherwise
 * (auth/session-cookies.ts: the console's on /api/admin, the member's elsewhere), whose
 * state-changing requests must carry the session's CSRF token (403 `csrf_failed`).
 */
export function requireUser(auth: AuthService) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization);
    if (token) {
      req.auth = { ...(await auth.authenticate(token)), via: 'bearer' };
      return next();
    }
    const cookie = readCookie(req, cookieNames(auth.config, kindOfRequest(req)).session);
    if (!cookie) throw new AppError('unauthorized');
    const session = await auth.authenticate(cookie);
    checkCsrf(req, auth.secret, session.sessionId);
    req.auth = { ...session, via: 'cookie' };
    next();
  };
}

/** Back-office routes: a signed-in operator or supervisor with staff access, else 403 `forbidden`. Use after `requireUser`. */
export function requireOperator(req: Request, _res: Response, next: NextFunction) {
  if (!req.auth?.staffAccess) throw new AppError('forbidden');
  next();
}

/** Supervisor-only back-office routes (staff, approvals, voids, the audit log). Use after `requireUser`. */
export function requireSupervisor(req: Request, _res: Response, next: NextFunction) {
  if (!req.auth?.staffAccess || req.auth.user.role !== 'supervisor') throw new AppError('forbidden');
  next();
}

/** The signed-in member of a request behind `requireUser`. */
export function currentUser(req: Request): AuthenticatedUser {
  if (!req.auth) throw new AppError('unauthorized');
  return req.auth;
}

/** The signed-in member's id, as a rate-limit key (`rateLimit(policy, byMember)` after `requireUser`). */
export const byMember = (req: Request): string => String(currentUser(req).user.id);
