import { Router } from 'express';
import { createPinsBody, redeemBody } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { validate } from '../platform/http.ts';
import { readIdempotencyKey } from '../platform/idempotency.ts';
import type { PinService } from './service.ts';

export function pinRoutes(auth: AuthService, pins: PinService) {
  const router = Router();

  router.post('/pins/redeem', requireUser(auth), async (req, res) => {
    const { code } = validate(redeemBody, req.body);
    const key = readIdempotencyKey(req.headers['idempotency-key'], false);
    res.json(await pins.redeem(currentUser(req).user.id, code, key));
  });

  router.post('/admin/pins', requireUser(auth), requireOperator, async (req, res) => {
    const body = validate(createPinsBody, req.body);
    res.status(201).json(await pins.createBatch({ ...body, createdBy: currentUser(req).user.id }));
  });

  return router;
}
