import { Router } from 'express';
import { claimsQuery, claimStepBody } from '@gp/common';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idParam, validateBody, validateQuery } from '../platform/http.ts';
import { access, actorOf } from '../staff/service.ts';
import type { ClaimService } from './service.ts';

/** Issue 33 item 4: big-win claims, for their member and for staff (staff/access.ts says who may call each staff route). */
export function claimRoutes(auth: AuthService, claims: ClaimService) {
  const router = Router();
  const member = requireUser(auth);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;
  const id = idParam('id');
  const stepBody = validateBody(claimStepBody);
  const filter = validateQuery(claimsQuery);

  router.get('/claims', member, async (req, res) => {
    res.json({ items: await claims.list(me(req)) });
  });
  router.get('/claims/:id', member, id, async (req, res) => {
    res.json(await claims.get(me(req), id.of(req)));
  });

  router.get('/admin/claims', ...access(auth, 'GET /admin/claims'), filter, async (req, res) => {
    res.json({ items: await claims.staffList(filter.of(req).step) });
  });
  router.post('/admin/claims/:id/step', ...access(auth, 'POST /admin/claims/:id/step'), id, stepBody, async (req, res) => {
    res.json(await claims.step(actorOf(req), id.of(req), stepBody.of(req)));
  });

  return router;
}
