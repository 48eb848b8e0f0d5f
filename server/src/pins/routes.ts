import { Router, type RequestHandler } from 'express';
import { createPinsBody, pinBatchBody, pinBatchesQuery, redeemBody } from '@gp/common';
import { byMember, currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, idParam, rateLimits, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { access, actorOf } from '../staff/service.ts';
import type { PinService } from './service.ts';

export function pinRoutes(platform: Pick<Platform, 'rateLimiter'>, auth: AuthService, pins: PinService, realityCheck: RequestHandler) {
  const router = Router();
  const { failureLimit } = rateLimits(platform.rateLimiter);
  const redeem = validateBody(redeemBody);
  const redeemKey = idempotencyKey();
  // Only wrong codes count (PIN_MAX_FAILURES per PIN_WINDOW_SECONDS): a member at the limit is
  // refused before the code is even looked at, whether it is right or not.
  const wrongCodes = failureLimit('pin.failures', byMember, ['pin_not_found']);
  const batch = validateBody(createPinsBody);
  const batchIssue = validateBody(pinBatchBody);
  const batchList = validateQuery(pinBatchesQuery);
  const batchId = idParam('id');

  router.post('/pins/redeem', requireUser(auth), realityCheck, redeemKey, redeem, wrongCodes, async (req, res) => {
    res.json(await wrongCodes.of(req).run(() => pins.redeem(currentUser(req).user.id, redeem.of(req).code, redeemKey.of(req))));
  });

  // Codes handed out at once: only within the staff member's rolling-day bound (else `approval_required`: use a batch).
  router.post('/admin/pins', ...access(auth, 'POST /admin/pins'), batch, async (req, res) => {
    res.status(201).json(await pins.handOut(actorOf(req), batch.of(req)));
  });

  // PIN batches in the console (issue 13): issue (codes sealed, not shown) → [a second supervisor approves, past the
  // issuer's bound] → list → export the CSV once → void the unredeemed.
  router.post('/admin/pin-batches', ...access(auth, 'POST /admin/pin-batches'), batchIssue, async (req, res) => {
    res.status(201).json(await pins.issueBatch(actorOf(req), batchIssue.of(req)));
  });

  router.get('/admin/pin-batches', ...access(auth, 'GET /admin/pin-batches'), batchList, async (req, res) => {
    res.json({ items: await pins.batches(batchList.of(req).limit) });
  });

  router.post('/admin/pin-batches/:id/approve', ...access(auth, 'POST /admin/pin-batches/:id/approve'), batchId, async (req, res) => {
    res.json(await pins.approveBatch(actorOf(req), batchId.of(req)));
  });

  // The one time the codes leave the server: a second export is 409 `pins_exported`; a pending batch `approval_required`.
  router.post('/admin/pin-batches/:id/export', ...access(auth, 'POST /admin/pin-batches/:id/export'), batchId, async (req, res) => {
    const { filename, csv } = await pins.exportBatch(actorOf(req), batchId.of(req));
    res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${filename}"`).setHeader('Cache-Control', 'no-store').send(csv);
  });

  router.post('/admin/pin-batches/:id/void', ...access(auth, 'POST /admin/pin-batches/:id/void'), batchId, async (req, res) => {
    res.json(await pins.voidBatch(actorOf(req), batchId.of(req)));
  });

  return router;
}
