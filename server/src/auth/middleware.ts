import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../platform/errors.ts';
import type { AuthenticatedUser, AuthService } from './service.ts';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthenticatedUser;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim() || undefined;
}

/** Requires a valid session: 401 `unauthorized` without a token, else the token's own error. */
export function requireUser(auth: AuthService) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new AppError('unauthorized');
    req.auth = await auth.authenticate(token);
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
