import { Router } from 'express';
import { adjustmentBody } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { validate } from '../platform/http.ts';
import { readIdempotencyKey } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { createAdjustmentService } from './service.ts';

/** Back-office routes (operators only). */
export function adminRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const adjustments = createAdjustmentService(platform);

  // 202: queued. The member's sockets get `balance` once a worker has applied it.
  router.post('/admin/adjustments', requireUser(auth), requireOperator, async (req, res) => {
    const body = validate(adjustmentBody, req.body);
    const key = readIdempotencyKey(req.headers['idempotency-key'], true)!;
    res.status(202).json(await adjustments.request(currentUser(req).user.id, body, key));
  });

  return router;
}
