import { Router } from 'express';
import { drawJackpotBody, drawManualResultBody, drawPrizesBody, drawStatsQuery, lotteryDrawsQuery, lotteryResultsQuery } from '@gp/common';
import { requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { attach, idParam, validateBody, validateQuery } from '../platform/http.ts';
import type { DrawService } from './service.ts';

/**
 * The draw lotteries' public reads (product, draws, results, number statistics) and the operator's
 * result, pool amounts and jackpot entries. `GET /products/:code` answers for a draw code and
 * passes any other code on (keno's route answers it).
 */
export function drawRoutes(auth: AuthService, draws: DrawService) {
  const router = Router();
  const product = attach('product', (req) => draws.product(String(req.params.code)));
  const list = validateQuery(lotteryDrawsQuery);
  const results = validateQuery(lotteryResultsQuery);
  const stats = validateQuery(drawStatsQuery);
  const drawId = idParam('id');
  const manualResult = validateBody(drawManualResultBody);
  const prizes = validateBody(drawPrizesBody);
  const jackpot = validateBody(drawJackpotBody);

  router.get('/products/:code', (req, res, next) => {
    if (!draws.isDrawCode(req.params.code)) return next();
    draws.detail(req.params.code).then((detail) => res.json(detail), next);
  });

  router.get('/draw-products/:code', product, async (req, res) => {
    res.json(await draws.detail(product.of(req).code));
  });

  router.get('/draw-products/:code/draws', product, list, async (req, res) => {
    const { status, limit } = list.of(req);
    res.json(await draws.listDraws(product.of(req).code, status, limit));
  });

  router.get('/draw-products/:code/results', product, results, async (req, res) => {
    const { page, pageSize } = results.of(req);
    res.json(await draws.results(product.of(req).code, page, pageSize));
  });

  router.get('/draw-products/:code/stats', product, stats, async (req, res) => {
    res.json(await draws.stats(product.of(req).code, stats.of(req).draws));
  });

  router.post('/admin/draw-products/:code/draws/:id/result', requireUser(auth), requireOperator, drawId, product, manualResult, async (req, res) => {
    const body = manualResult.of(req);
    res.json(await draws.enterResult(product.of(req).code, drawId.of(req), { zones: body.zones, extra: body.extra, ...(body.multiplier !== undefined ? { multiplier: body.multiplier } : {}), divisions: body.divisions }));
  });

  router.post('/admin/draw-products/:code/draws/:id/prizes', requireUser(auth), requireOperator, drawId, product, prizes, async (req, res) => {
    res.json(await draws.enterPrizes(product.of(req).code, drawId.of(req), prizes.of(req).divisions));
  });

  router.post('/admin/draw-products/:code/draws/:id/jackpot', requireUser(auth), requireOperator, drawId, product, jackpot, async (req, res) => {
    res.json(await draws.setJackpot(product.of(req).code, drawId.of(req), jackpot.of(req).amount));
  });

  return router;
}
