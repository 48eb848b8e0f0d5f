import { Router } from 'express';
import { adjustmentBody } from '@gp/common';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, validateBody } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { createAdjustmentService } from './service.ts';

/** Back-office routes (operators only). */
export function adminRoutes(platform: Platform, auth: AuthService) {
  const router = Router();
  const adjustments = createAdjustmentService(platform);
  const adjustmentKey = idempotencyKey(true);
  const adjustment = validateBody(adjustmentBody);

  // 202: queued. The member's sockets get `balance` once a worker has applied it.
  router.post('/admin/adjustments', requireUser(auth), requireOperator, adjustmentKey, adjustment, async (req, res) => {
    res.status(202).json(await adjustments.request(currentUser(req).user.id, adjustment.of(req), adjustmentKey.of(req)));
  });

  return router;
}
