import { Router } from 'express';
import { createPinsBody, redeemBody } from '@gp/common';
import { byMember, currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, rateLimits, validateBody } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import type { PinService } from './service.ts';

export function pinRoutes(platform: Pick<Platform, 'rateLimiter'>, auth: AuthService, pins: PinService) {
  const router = Router();
  const { failureLimit } = rateLimits(platform.rateLimiter);
  const redeem = validateBody(redeemBody);
  const redeemKey = idempotencyKey();
  // Only wrong codes count (PIN_MAX_FAILURES per PIN_WINDOW_SECONDS): a member at the limit is
  // refused before the code is even looked at, whether it is right or not.
  const wrongCodes = failureLimit('pin.failures', byMember, ['pin_not_found']);
  const batch = validateBody(createPinsBody);

  router.post('/pins/redeem', requireUser(auth), redeemKey, redeem, wrongCodes, async (req, res) => {
    res.json(await wrongCodes.of(req).run(() => pins.redeem(currentUser(req).user.id, redeem.of(req).code, redeemKey.of(req))));
  });

  router.post('/admin/pins', requireUser(auth), requireOperator, batch, async (req, res) => {
    res.status(201).json(await pins.createBatch({ ...batch.of(req), createdBy: currentUser(req).user.id }));
  });

  return router;
}
