import { Router } from 'express';
import { drawsQuery, resultsQuery } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import { AppError } from '../../platform/errors.ts';
import { attach, validateQuery } from '../../platform/http.ts';
import { drawListRoutes } from '../draw-core/list-routes.ts';
import type { KenoClocks } from './clocks.ts';
import { presentProduct, presentProductDetail } from './present.ts';
import type { KenoService } from './service.ts';

/**
 * Products, draws, results and the game clock (public). Manual results are entered by two staff
 * members through `POST /admin/results` (admin/four-eyes.ts), never by one.
 */
export function kenoRoutes(auth: AuthService, keno: KenoService, clocks: () => KenoClocks | null, moreProducts: () => Promise<unknown[]> = async () => []) {
  const router = Router();
  /** The `:code` product, before the query is read (an unknown product is `product_not_found` whatever the query). */
  const product = attach('product', (req) => keno.product(String(req.params.code)));
  const draws = validateQuery(drawsQuery);
  const results = validateQuery(resultsQuery);

  // `moreProducts`: the draw lotteries (family `draw`), listed after keno.
  router.get('/products', async (_req, res) => {
    res.json([...keno.products().map((product) => presentProduct(product, keno.rates(product))), ...(await moreProducts())]);
  });

  router.get('/products/:code', (req, res) => {
    const product = keno.product(req.params.code);
    res.json(presentProductDetail(product, keno.rates(product)));
  });

  drawListRoutes(router, keno, { draws: '/products/:code/draws', results: '/results/:code' }, { product, draws, results });

  router.get('/keno/:code/clock', product, (req, res) => {
    const clock = clocks()?.get(product.of(req).code);
    if (!clock) throw new AppError('product_not_found');
    res.json(clock.snapshot());
  });

  return router;
}
