import { Router } from 'express';
import { drawStatsQuery, lotteryDrawsQuery, lotteryResultsQuery } from '@gp/common';
import { attach, validateQuery } from '../../platform/http.ts';
import { drawListRoutes } from '../draw-core/list-routes.ts';
import type { DrawService } from './service.ts';

/**
 * The draw lotteries' public reads (product, draws, results, number statistics). The result, the
 * pool amounts and the jackpot are entered by two staff members each (admin/four-eyes.ts,
 * admin/draw-figures.ts; their routes are admin/routes.ts).
 * `GET /products/:code` answers for a draw code and passes any other code on (keno's route answers it).
 */
export function drawRoutes(draws: DrawService) {
  const router = Router();
  const product = attach('product', (req) => draws.product(String(req.params.code)));
  const list = validateQuery(lotteryDrawsQuery);
  const results = validateQuery(lotteryResultsQuery);
  const stats = validateQuery(drawStatsQuery);

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

  return router;
}
