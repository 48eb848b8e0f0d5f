import { Router, type RequestHandler } from 'express';
import { drawOrderBody, isDrawCode } from '@gp/common';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import type { AuthService } from '../../auth/service.ts';
import { idempotencyKey, validateBody } from '../../platform/http.ts';
import type { DrawOrders } from './order.ts';

/**
 * `POST /api/orders` and `POST /api/orders/quote` for the draw lotteries (API.md "Orders", body
 * `drawOrderBody`). Mounted before the keno/football order routes; a body naming any other
 * product passes through to them untouched.
 */
export function drawOrderRoutes(auth: AuthService, orders: DrawOrders) {
  const router = Router();
  const drawOnly: RequestHandler = (req, _res, next) => {
    const body: unknown = req.body;
    const code = typeof body === 'object' && body !== null && 'productCode' in body ? body.productCode : undefined;
    next(typeof code === 'string' && isDrawCode(code.trim()) ? undefined : 'router');
  };
  const order = validateBody(drawOrderBody);
  const orderKey = idempotencyKey(true);

  router.post('/orders/quote', drawOnly, requireUser(auth), order, async (req, res) => {
    res.json(await orders.quote(order.of(req)));
  });

  router.post('/orders', drawOnly, requireUser(auth), orderKey, order, async (req, res) => {
    const result = await orders.place(String(currentUser(req).user.id), order.of(req), orderKey.of(req));
    res.status(result.status).json(result.body);
  });

  return router;
}
