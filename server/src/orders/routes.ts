import { Router } from 'express';
import { confirmOrderBody, FOOTBALL_PRODUCT_CODE, footballOrderBody, kenoOrderBody, ordersQuery } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { validate } from '../platform/http.ts';
import { readIdempotencyKey } from '../platform/idempotency.ts';
import type { OrderRequest, OrderService } from './service.ts';

/** The order body of the family its product code names (API.md "Orders"): football for HKS01, keno otherwise. */
function orderBody(body: unknown): OrderRequest {
  const football = typeof body === 'object' && body !== null && (body as { productCode?: unknown }).productCode === FOOTBALL_PRODUCT_CODE;
  return football ? validate(footballOrderBody, body) : validate(kenoOrderBody, body);
}

/** Member order routes and the back-office confirmation (manual purchase gateway). */
export function orderRoutes(auth: AuthService, orders: OrderService) {
  const router = Router();

  router.post('/orders/quote', requireUser(auth), async (req, res) => {
    res.json(await orders.quote(orderBody(req.body)));
  });

  router.post('/orders', requireUser(auth), async (req, res) => {
    const key = readIdempotencyKey(req.headers['idempotency-key'], true)!;
    const body = orderBody(req.body);
    const result = await orders.place(String(currentUser(req).user.id), body, key);
    res.status(result.status).json(result.body);
  });

  router.get('/orders', requireUser(auth), async (req, res) => {
    res.json(await orders.list(String(currentUser(req).user.id), validate(ordersQuery, req.query)));
  });

  router.get('/orders/:id', requireUser(auth), async (req, res) => {
    res.json({ order: await orders.get(String(currentUser(req).user.id), String(req.params.id)) });
  });

  router.post('/admin/orders/:id/confirm', requireUser(auth), requireOperator, async (req, res) => {
    const { ticketRef } = validate(confirmOrderBody, req.body);
    res.json({ order: await orders.confirm(String(req.params.id), ticketRef) });
  });

  router.get('/admin/order-flags', requireUser(auth), requireOperator, async (_req, res) => {
    res.json({ items: await orders.openFlags() });
  });

  return router;
}
