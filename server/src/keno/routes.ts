import { Router } from 'express';
import { drawsQuery, manualResultBody, resultsQuery } from '@gp/common';
import { requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { validate } from '../platform/http.ts';
import type { KenoClocks } from './clocks.ts';
import { presentProduct, presentProductDetail } from './present.ts';
import type { KenoService } from './service.ts';

const DRAW_ID = /^[1-9]\d{0,17}$/;

/** Products, draws, results and the game clock (public), and the operator's manual result entry. */
export function kenoRoutes(auth: AuthService, keno: KenoService, clocks: KenoClocks | null) {
  const router = Router();

  router.get('/products', (_req, res) => {
    res.json(keno.products().map(presentProduct));
  });

  router.get('/products/:code', (req, res) => {
    res.json(presentProductDetail(keno.product(req.params.code)));
  });

  router.get('/products/:code/draws', async (req, res) => {
    keno.product(req.params.code);
    const query = validate(drawsQuery, req.query);
    res.json(await keno.listDraws(req.params.code, query.status, query.limit));
  });

  router.get('/results/:code', async (req, res) => {
    keno.product(req.params.code);
    const query = validate(resultsQuery, req.query);
    res.json(await keno.results(req.params.code, query.page, query.pageSize));
  });

  router.get('/keno/:code/clock', (req, res) => {
    keno.product(req.params.code);
    const clock = clocks?.get(req.params.code);
    if (!clock) throw new AppError('product_not_found');
    res.json(clock.snapshot());
  });

  router.post('/admin/draws/:id/result', requireUser(auth), requireOperator, async (req, res) => {
    const body = validate(manualResultBody, req.body);
    const id = String(req.params.id);
    if (!DRAW_ID.test(id)) throw new AppError('not_found');
    res.json(await keno.enterResult(id, body.numbers));
  });

  return router;
}
