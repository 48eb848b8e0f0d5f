import { Router } from 'express';
import { currentUser } from '../../auth/middleware.ts';
import type { AuthService } from '../../auth/service.ts';
import { idParam } from '../../platform/http.ts';
import { access } from '../../staff/service.ts';
import type { DrawSettlementService } from './settlement.ts';

/** Back office: draw-lottery wins held above LARGE_WIN_POINTS, and their release (credited once, by a supervisor: issue 13). */
export function largeWinRoutes(auth: AuthService, settlement: DrawSettlementService) {
  const router = Router();
  const orderId = idParam('orderId');

  router.get('/admin/large-wins', ...access(auth, 'GET /admin/large-wins'), async (_req, res) => {
    res.json({ items: await settlement.largeWins() });
  });

  router.post('/admin/large-wins/:orderId/release', ...access(auth, 'POST /admin/large-wins/:orderId/release'), orderId, async (req, res) => {
    res.json(await settlement.releaseLargeWin(orderId.of(req), currentUser(req).user.id));
  });

  return router;
}
