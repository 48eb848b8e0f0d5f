import { Router } from 'express';
import { confirmOrderBody, ordersQuery } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { GameRegistry } from '../games/registry.ts';
import { idempotencyKey, idParam, validateBody, validateQuery } from '../platform/http.ts';
import type { OrderService } from './service.ts';

/**
 * Member order routes and the back-office confirmation (manual purchase gateway). An order body is
 * validated with its family's schema, chosen by the product code it names (API.md "Orders"); what
 * the schema accepts is bound to that family's pricing and placement.
 */
export function orderRoutes(auth: AuthService, orders: OrderService, games: Pick<GameRegistry, 'orderBody'>) {
  const router = Router();
  const order = validateBody(games.orderBody);
  const orderKey = idempotencyKey(true);
  const list = validateQuery(ordersQuery);
  const orderId = idParam('id');
  const confirmation = validateBody(confirmOrderBody);

  router.post('/orders/quote', requireUser(auth), order, async (req, res) => {
    res.json(await order.of(req).quote());
  });

  router.post('/orders', requireUser(auth), orderKey, order, async (req, res) => {
    const result = await orders.place(currentUser(req).user.id, order.of(req), orderKey.of(req));
    res.status(result.status).json(result.body);
  });

  router.get('/orders', requireUser(auth), list, async (req, res) => {
    res.json(await orders.list(currentUser(req).user.id, list.of(req)));
  });

  router.get('/orders/:id', requireUser(auth), orderId, async (req, res) => {
    res.json({ order: await orders.get(currentUser(req).user.id, orderId.of(req)) });
  });

  router.post('/admin/orders/:id/confirm', requireUser(auth), requireOperator, orderId, confirmation, async (req, res) => {
    res.json({ order: await orders.confirm(orderId.of(req), confirmation.of(req).ticketRef) });
  });

  router.get('/admin/order-flags', requireUser(auth), requireOperator, async (_req, res) => {
    res.json({ items: await orders.openFlags() });
  });

  return router;
}
