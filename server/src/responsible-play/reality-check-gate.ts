import type { NextFunction, Request, Response } from 'express';
import { currentUser } from '../auth/middleware.ts';
import type { RealityChecks } from './reality-check.ts';

/**
 * Before an order, a deposit or a PIN (after `requireUser`): `reality_check_due` (409) while the
 * session's reality check is due and unanswered (issue 32 item 3). On the server, so neither
 * another tab nor another client on the same sign-in gets round the notice.
 */
export function realityCheckGate(checks: Pick<RealityChecks, 'assertAnswered'>) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    await checks.assertAnswered(currentUser(req).sessionId);
    next();
  };
}
