import { Router, type NextFunction, type Request, type Response } from 'express';
import { birthDateBody, limitsBody, selfExclusionBody, timeOutBody } from '@gp/common';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { validateBody } from '../platform/http.ts';
import type { ResponsiblePlayService } from './service.ts';

/** These controls are a member's own: a staff account (or the console's session) has none to set. */
function memberOnly(req: Request, _res: Response, next: NextFunction) {
  const auth = currentUser(req);
  if (auth.user.role !== 'member' || auth.staffAccess) throw new AppError('forbidden');
  next();
}

/** The member's responsible-play controls under /api/me (issue 32, docs/responsible-play.md). */
export function responsiblePlayRoutes(auth: AuthService, play: ResponsiblePlayService) {
  const router = Router();
  const member = [requireUser(auth), memberOnly];
  const limits = validateBody(limitsBody);
  const timeOut = validateBody(timeOutBody);
  const exclusion = validateBody(selfExclusionBody);
  const birth = validateBody(birthDateBody);
  const me = (req: Request) => currentUser(req).user.id;

  router.get('/me/limits', ...member, async (req, res) => {
    res.json({ limits: await play.limits(me(req)) });
  });
  router.put('/me/limits', ...member, limits, async (req, res) => {
    res.json(await play.setLimits(me(req), limits.of(req)));
  });
  router.post('/me/limits/confirm', ...member, async (req, res) => {
    res.json(await play.confirmLimits(me(req)));
  });
  router.get('/me/play-state', ...member, async (req, res) => {
    res.json(await play.playState(me(req)));
  });
  router.post('/me/time-out', ...member, timeOut, async (req, res) => {
    res.json(await play.timeOut(me(req), timeOut.of(req).period));
  });
  router.post('/me/self-exclusion', ...member, exclusion, async (req, res) => {
    res.json(await play.selfExclude(me(req), exclusion.of(req).period));
  });
  router.post('/me/self-exclusion/return', ...member, async (req, res) => {
    res.json(await play.requestReturn(me(req)));
  });
  router.post('/me/self-exclusion/return/confirm', ...member, async (req, res) => {
    res.json(await play.confirmReturn(me(req)));
  });
  router.put('/me/birth-date', ...member, birth, async (req, res) => {
    res.json(await play.setBirthDate(me(req), birth.of(req).birthDate));
  });
  return router;
}
