import { Router } from 'express';
import { kycBody, kycDecisionBody, kycQueueQuery, withdrawalApproveBody, withdrawalBatchQuery, withdrawalBody, withdrawalPaidBody, withdrawalRejectBody, withdrawalReturnedBody, withdrawalsQuery } from '@gp/common';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, idParam, sendStoredFile, validateBody, validateQuery } from '../platform/http.ts';
import { readId } from '../platform/ids.ts';
import type { Platform } from '../platform/platform.ts';
import { fileFieldsUpload } from '../platform/upload.ts';
import { access, actorOf } from '../staff/service.ts';
import type { KycService, WithdrawalService } from './service.ts';

/** Issue 33: identity checks and withdrawals, for members and for staff (who may call each staff route: staff/access.ts). */
export function withdrawalRoutes(platform: Platform, auth: AuthService, kyc: KycService, withdrawals: WithdrawalService) {
  const router = Router();
  const member = requireUser(auth);
  const me = (req: Parameters<typeof currentUser>[0]) => currentUser(req).user.id;
  const id = idParam('id');
  // multipart/form-data: `document` (JPEG, PNG, WebP or PDF), `selfie` (JPEG, PNG or WebP), each at most KYC_MAX_BYTES, and the account fields.
  const files = fileFieldsUpload(['document', 'selfie'] as const, platform.config.KYC_MAX_BYTES);
  const submission = validateBody(kycBody);
  const decision = validateBody(kycDecisionBody);
  const kycQueue = validateQuery(kycQueueQuery);
  const requestKey = idempotencyKey(true);
  const request = validateBody(withdrawalBody);
  const stateFilter = validateQuery(withdrawalsQuery);
  const rejection = validateBody(withdrawalRejectBody);
  const payment = validateBody(withdrawalPaidBody);
  const batchFormat = validateQuery(withdrawalBatchQuery);
  const approval = validateBody(withdrawalApproveBody);
  const bankReturn = validateBody(withdrawalReturnedBody);
  const batchId = idParam('batchId');

  router.get('/me/kyc', member, async (req, res) => {
    res.json(await kyc.status(me(req)));
  });
  router.post('/me/kyc', member, files, submission, async (req, res) => {
    res.status(201).json(await kyc.submit(me(req), submission.of(req), files.of(req)));
  });
  router.get('/me/kyc/:id/document', member, id, async (req, res) => {
    sendStoredFile(res, await kyc.memberFile(me(req), id.of(req), 'document'), `identity-document-${id.of(req)}`, 'private, no-store');
  });
  router.get('/me/kyc/:id/selfie', member, id, async (req, res) => {
    sendStoredFile(res, await kyc.memberFile(me(req), id.of(req), 'selfie'), `selfie-${id.of(req)}`, 'private, no-store');
  });

  router.get('/withdrawals', member, async (req, res) => {
    const [terms, items] = await Promise.all([withdrawals.terms(me(req)), withdrawals.list(me(req))]);
    res.json({ terms, items });
  });
  router.post('/withdrawals', member, requestKey, request, async (req, res) => {
    res.status(201).json(await withdrawals.request(me(req), request.of(req), requestKey.of(req)));
  });
  router.post('/withdrawals/:id/cancel', member, id, async (req, res) => {
    res.json(await withdrawals.cancel(me(req), id.of(req)));
  });

  // Staff: identity checks.
  router.get('/admin/kyc', ...access(auth, 'GET /admin/kyc'), kycQueue, async (req, res) => {
    res.json({ items: await kyc.queue(kycQueue.of(req).state) });
  });
  router.get('/admin/kyc/:id/document', ...access(auth, 'GET /admin/kyc/:id/document'), id, async (req, res) => {
    sendStoredFile(res, await kyc.staffFile(id.of(req), 'document'), `identity-document-${id.of(req)}`, 'private, no-store');
  });
  router.get('/admin/kyc/:id/selfie', ...access(auth, 'GET /admin/kyc/:id/selfie'), id, async (req, res) => {
    sendStoredFile(res, await kyc.staffFile(id.of(req), 'selfie'), `selfie-${id.of(req)}`, 'private, no-store');
  });
  router.post('/admin/kyc/:id/decision', ...access(auth, 'POST /admin/kyc/:id/decision'), id, decision, async (req, res) => {
    res.json(await kyc.decide(actorOf(req), id.of(req), decision.of(req)));
  });

  // Staff: withdrawals. The batch routes come before `/:id` routes would (they have none of their own kind, but keep them first).
  // Without `batchId`: a new batch of the approved transfers not in one yet (docs/withdrawals.md "Batches"); with it: that batch's very file again.
  router.get('/admin/withdrawals/batch', ...access(auth, 'GET /admin/withdrawals/batch'), batchFormat, async (req, res) => {
    const query = batchFormat.of(req);
    const { batchId: recorded, csv } = query.batchId ? await withdrawals.batchFile(readId(query.batchId, 'batchId')) : await withdrawals.exportBatch(actorOf(req));
    res.type('text/csv; charset=utf-8');
    if (recorded) res.setHeader('X-Batch-Id', String(recorded));
    res.setHeader('Content-Disposition', `attachment; filename="withdrawals-batch${recorded ? `-${recorded}` : ''}.csv"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(csv);
  });
  router.get('/admin/withdrawals/batches', ...access(auth, 'GET /admin/withdrawals/batches'), async (_req, res) => {
    res.json({ items: await withdrawals.batches() });
  });
  router.post('/admin/withdrawals/batches/:batchId/paid', ...access(auth, 'POST /admin/withdrawals/batches/:batchId/paid'), batchId, payment, async (req, res) => {
    res.json(await withdrawals.markBatchPaid(actorOf(req), batchId.of(req), payment.of(req).reference));
  });
  router.get('/admin/withdrawals', ...access(auth, 'GET /admin/withdrawals'), stateFilter, async (req, res) => {
    res.json({ items: await withdrawals.adminList(stateFilter.of(req).state) });
  });
  router.post('/admin/withdrawals/:id/approve', ...access(auth, 'POST /admin/withdrawals/:id/approve'), id, approval, async (req, res) => {
    res.json(await withdrawals.approve(actorOf(req), id.of(req), approval.of(req)?.acknowledgeFlags === true));
  });
  router.post('/admin/withdrawals/:id/reject', ...access(auth, 'POST /admin/withdrawals/:id/reject'), id, rejection, async (req, res) => {
    res.json(await withdrawals.reject(actorOf(req), id.of(req), rejection.of(req).reason));
  });
  router.post('/admin/withdrawals/:id/paid', ...access(auth, 'POST /admin/withdrawals/:id/paid'), id, payment, async (req, res) => {
    res.json(await withdrawals.markPaid(actorOf(req), id.of(req), payment.of(req).reference));
  });
  router.post('/admin/withdrawals/:id/returned', ...access(auth, 'POST /admin/withdrawals/:id/returned'), id, bankReturn, async (req, res) => {
    const { reference, reason } = bankReturn.of(req);
    res.json(await withdrawals.recordReturn(actorOf(req), id.of(req), reference, reason));
  });
  router.post('/admin/withdrawals/:id/refund', ...access(auth, 'POST /admin/withdrawals/:id/refund'), id, async (req, res) => {
    res.json(await withdrawals.sendRefund(actorOf(req), id.of(req)));
  });

  return router;
}
