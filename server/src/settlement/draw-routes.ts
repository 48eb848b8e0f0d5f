import { Router } from 'express';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idParam } from '../platform/http.ts';
import type { DrawSettlementService } from './draw-settlement.ts';

/** Back office: draw-lottery wins held above LARGE_WIN_POINTS, and their release (credited once). */
export function largeWinRoutes(auth: AuthService, settlement: DrawSettlementService) {
  const router = Router();
  const orderId = idParam('orderId');

  router.get('/admin/large-wins', requireUser(auth), requireOperator, async (_req, res) => {
    res.json({ items: await settlement.largeWins() });
  });

  router.post('/admin/large-wins/:orderId/release', requireUser(auth), requireOperator, orderId, async (req, res) => {
    res.json(await settlement.releaseLargeWin(orderId.of(req), String(currentUser(req).user.id)));
  });

  return router;
}
