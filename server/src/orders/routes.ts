import { Router } from 'express';
import { confirmOrderBody, FOOTBALL_PRODUCT_CODE, footballOrderBody, kenoOrderBody, ordersQuery } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, idParam, validateBody, validateQuery } from '../platform/http.ts';
import type { OrderService } from './service.ts';

/** The order body's schema is its family's, named by the product code (API.md "Orders"): football for HKS01, keno otherwise. */
const orderSchema = (body: unknown) =>
  typeof body === 'object' && body !== null && 'productCode' in body && body.productCode === FOOTBALL_PRODUCT_CODE ? footballOrderBody : kenoOrderBody;

/** Member order routes and the back-office confirmation (manual purchase gateway). */
export function orderRoutes(auth: AuthService, orders: OrderService) {
  const router = Router();
  const order = validateBody(orderSchema);
  const orderKey = idempotencyKey(true);
  const list = validateQuery(ordersQuery);
  const orderId = idParam('id');
  const confirmation = validateBody(confirmOrderBody);

  router.post('/orders/quote', requireUser(auth), order, async (req, res) => {
    res.json(await orders.quote(order.of(req)));
  });

  router.post('/orders', requireUser(auth), orderKey, order, async (req, res) => {
    const result = await orders.place(String(currentUser(req).user.id), order.of(req), orderKey.of(req));
    res.status(result.status).json(result.body);
  });

  router.get('/orders', requireUser(auth), list, async (req, res) => {
    res.json(await orders.list(String(currentUser(req).user.id), list.of(req)));
  });

  router.get('/orders/:id', requireUser(auth), orderId, async (req, res) => {
    res.json({ order: await orders.get(String(currentUser(req).user.id), orderId.of(req)) });
  });

  router.post('/admin/orders/:id/confirm', requireUser(auth), requireOperator, orderId, confirmation, async (req, res) => {
    res.json({ order: await orders.confirm(orderId.of(req), confirmation.of(req).ticketRef) });
  });

  router.get('/admin/order-flags', requireUser(auth), requireOperator, async (_req, res) => {
    res.json({ items: await orders.openFlags() });
  });

  return router;
}
