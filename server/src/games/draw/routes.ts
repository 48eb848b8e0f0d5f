import { Router } from 'express';
import { drawJackpotBody, drawPrizesBody, drawStatsQuery, lotteryDrawsQuery, lotteryResultsQuery } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import { attach, idParam, validateBody, validateQuery } from '../../platform/http.ts';
import type { Platform } from '../../platform/platform.ts';
import { access, actorOf, auditAfter } from '../../staff/service.ts';
import { drawListRoutes } from '../draw-core/list-routes.ts';
import type { DrawService } from './service.ts';

/**
 * The draw lotteries' public reads (product, draws, results, number statistics) and the operator's
 * pool amounts and jackpot entries (single-entry: they are not results; audited). The result itself
 * is entered by two staff members through `POST /admin/results` (admin/four-eyes.ts).
 * `GET /products/:code` answers for a draw code and passes any other code on (keno's route answers it).
 */
export function drawRoutes(auth: AuthService, draws: DrawService, platform: Pick<Platform, 'db' | 'now'>) {
  const router = Router();
  /** Pool amounts and jackpots stay single-entry (they are not results) but every one is in the audit log. */
  const audited = (req: Parameters<typeof actorOf>[0], action: string, drawId: number, after: unknown) => auditAfter(platform, actorOf(req), { action, targetType: 'lottery_draw', targetId: drawId, after });
  const product = attach('product', (req) => draws.product(String(req.params.code)));
  const list = validateQuery(lotteryDrawsQuery);
  const results = validateQuery(lotteryResultsQuery);
  const stats = validateQuery(drawStatsQuery);
  const drawId = idParam('id');
  const prizes = validateBody(drawPrizesBody);
  const jackpot = validateBody(drawJackpotBody);

  router.get('/products/:code', (req, res, next) => {
    if (!draws.isDrawCode(req.params.code)) return next();
    draws.detail(req.params.code).then((detail) => res.json(detail), next);
  });

  router.get('/draw-products/:code', product, async (req, res) => {
    res.json(await draws.detail(product.of(req).code));
  });

  drawListRoutes(router, draws, { draws: '/draw-products/:code/draws', results: '/draw-products/:code/results' }, { product, draws: list, results });

  router.get('/draw-products/:code/stats', product, stats, async (req, res) => {
    res.json(await draws.stats(product.of(req).code, stats.of(req).draws));
  });

  router.post('/admin/draw-products/:code/draws/:id/prizes', ...access(auth, 'POST /admin/draw-products/:code/draws/:id/prizes'), drawId, product, prizes, async (req, res) => {
    const drawn = await draws.enterPrizes(product.of(req).code, drawId.of(req), prizes.of(req).divisions);
    await audited(req, 'draw.prizes_entered', drawId.of(req), { productCode: product.of(req).code, divisions: prizes.of(req).divisions });
    res.json(drawn);
  });

  router.post('/admin/draw-products/:code/draws/:id/jackpot', ...access(auth, 'POST /admin/draw-products/:code/draws/:id/jackpot'), drawId, product, jackpot, async (req, res) => {
    const updated = await draws.setJackpot(product.of(req).code, drawId.of(req), jackpot.of(req).amount);
    await audited(req, 'draw.jackpot_set', drawId.of(req), { productCode: product.of(req).code, amount: jackpot.of(req).amount });
    res.json(updated);
  });

  return router;
}
