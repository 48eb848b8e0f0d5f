import { Router } from 'express';
import {
  adminOrdersQuery,
  adjustmentBody,
  adjustmentDecisionBody,
  bulkConfirmBody,
  claimBody,
  memberLockBody,
  memberSearchQuery,
  queueConfirmBody,
  queueFailBody,
  queueQuery,
  resultEntryBody,
  savedViewBody,
} from '@gp/common';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { idempotencyKey, idParam, sendStoredFile, validateBody, validateQuery } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { access, actorOf } from '../staff/service.ts';
import type { FourEyesService } from './four-eyes.ts';
import type { MemberService } from './members.ts';
import type { OrderSearchService } from './order-search.ts';
import type { QueueService } from './queue.ts';
import type { AdjustmentService } from './service.ts';
import { singleUpload } from '../platform/upload.ts';

const memberPageQuery = z.object({ ledgerPage: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100_000, { error: 'invalid' }).default(1) });
const adjustmentsQuery = z.object({ status: z.enum(['queued', 'applied', 'refused', 'pending_approval', 'rejected'], { error: 'invalid' }).optional() });

/** Back-office routes: adjustments (with supervisor approval above a threshold) and the order queue. Who may call each: staff/access.ts. */
export function adminRoutes(platform: Platform, auth: AuthService, queue: QueueService, results: FourEyesService, members: MemberService, adjustments: AdjustmentService, orderSearch: OrderSearchService) {
  const router = Router();
  const adjustmentKey = idempotencyKey(true);
  const adjustment = validateBody(adjustmentBody);
  const decision = validateBody(adjustmentDecisionBody);
  const adjustmentFilter = validateQuery(adjustmentsQuery);
  const id = idParam('id');
  const list = validateQuery(queueQuery);
  const claim = validateBody(claimBody);
  const scan = singleUpload('scan', platform.config.SCAN_MAX_BYTES);
  const confirmation = validateBody(queueConfirmBody);
  const failure = validateBody(queueFailBody);
  const bulk = validateBody(bulkConfirmBody);
  const view = validateBody(savedViewBody);
  const resultEntry = validateBody(resultEntryBody);
  const memberSearch = validateQuery(memberSearchQuery);
  const lock = validateBody(memberLockBody);
  const memberPage = validateQuery(memberPageQuery);
  const orderFilter = validateQuery(adminOrdersQuery);

  // 202: queued (or waiting for a supervisor). The member's sockets get `balance` once a worker has applied it.
  router.post('/admin/adjustments', ...access(auth, 'POST /admin/adjustments'), adjustmentKey, adjustment, async (req, res) => {
    res.status(202).json(await adjustments.request(currentUser(req).user.id, adjustment.of(req), adjustmentKey.of(req), actorOf(req)));
  });

  router.get('/admin/adjustments', ...access(auth, 'GET /admin/adjustments'), adjustmentFilter, async (req, res) => {
    res.json({ items: await adjustments.list(adjustmentFilter.of(req).status) });
  });

  router.post('/admin/adjustments/:id/decision', ...access(auth, 'POST /admin/adjustments/:id/decision'), id, decision, async (req, res) => {
    res.json(await adjustments.decide(actorOf(req), id.of(req), decision.of(req).approve));
  });

  router.get('/admin/queue', ...access(auth, 'GET /admin/queue'), list, async (req, res) => {
    res.json(await queue.list(actorOf(req), list.of(req)));
  });

  router.post('/admin/queue/claim', ...access(auth, 'POST /admin/queue/claim'), claim, async (req, res) => {
    res.json(await queue.claim(actorOf(req), claim.of(req).key));
  });

  router.post('/admin/queue/release', ...access(auth, 'POST /admin/queue/release'), claim, async (req, res) => {
    await queue.release(actorOf(req), claim.of(req).key);
    res.status(204).end();
  });

  // multipart/form-data: `ticketRef` and an optional `scan` (JPEG, PNG, WebP or PDF, at most SCAN_MAX_BYTES).
  router.post('/admin/queue/orders/:id/confirm', ...access(auth, 'POST /admin/queue/orders/:id/confirm'), id, scan, confirmation, async (req, res) => {
    res.json(await queue.confirm(actorOf(req), id.of(req), confirmation.of(req).ticketRef, scan.of(req)));
  });

  router.post('/admin/queue/orders/:id/fail', ...access(auth, 'POST /admin/queue/orders/:id/fail'), id, failure, async (req, res) => {
    res.json(await queue.fail(actorOf(req), id.of(req), failure.of(req).reason));
  });

  router.post('/admin/queue/bulk-confirm', ...access(auth, 'POST /admin/queue/bulk-confirm'), bulk, async (req, res) => {
    res.json(await queue.bulkConfirm(actorOf(req), bulk.of(req).items));
  });

  router.get('/admin/queue/views', ...access(auth, 'GET /admin/queue/views'), async (req, res) => {
    res.json({ items: await queue.views(actorOf(req)) });
  });

  router.post('/admin/queue/views', ...access(auth, 'POST /admin/queue/views'), view, async (req, res) => {
    const { name, filters } = view.of(req);
    await queue.saveView(actorOf(req), name, filters);
    res.status(204).end();
  });

  // Four eyes: what waits for a result, and where the caller's entry stands (issue 13).
  router.get('/admin/results', ...access(auth, 'GET /admin/results'), async (req, res) => {
    res.json({ items: await results.pending(actorOf(req)) });
  });

  // Four eyes: published when a second staff member enters the same numbers or score (200 with `state`).
  router.post('/admin/results', ...access(auth, 'POST /admin/results'), resultEntry, async (req, res) => {
    const { targetType, targetId, result } = resultEntry.of(req);
    res.json(await results.enter(actorOf(req), targetType, targetId, result));
  });

  router.get('/admin/members', ...access(auth, 'GET /admin/members'), memberSearch, async (req, res) => {
    res.json({ items: await members.search(memberSearch.of(req).q) });
  });

  router.get('/admin/members/:id', ...access(auth, 'GET /admin/members/:id'), id, memberPage, async (req, res) => {
    res.json(await members.profile(id.of(req), memberPage.of(req).ledgerPage));
  });

  router.get('/admin/debts', ...access(auth, 'GET /admin/debts'), async (req, res) => {
    res.json({ items: await members.debtors() });
  });

  router.post('/admin/members/:id/lock', ...access(auth, 'POST /admin/members/:id/lock'), id, lock, async (req, res) => {
    const { locked, reason } = lock.of(req);
    await members.setLocked(actorOf(req), id.of(req), locked, reason);
    res.status(204).end();
  });

  // Order search (issue 31 item 4): keyset pages, newest first; `nextBefore` asks for the next page.
  router.get('/admin/orders', ...access(auth, 'GET /admin/orders'), orderFilter, async (req, res) => {
    res.json(await orderSearch.search(orderFilter.of(req)));
  });

  // One order's page: as its member sees it, whose it is, and its whole timeline (history, staff actions with names, postings, flags).
  router.get('/admin/orders/:id', ...access(auth, 'GET /admin/orders/:id'), id, async (req, res) => {
    res.json(await orderSearch.detail(id.of(req)));
  });

  router.get('/admin/orders/:id/scan', ...access(auth, 'GET /admin/orders/:id/scan'), id, async (req, res) => {
    sendStoredFile(res, await queue.scan(id.of(req)), `scan-${id.of(req)}`);
  });

  // The member's proof of purchase: the scan of their own order's ticket (before the draw, too).
  router.get('/orders/:id/ticket-scan', requireUser(auth), id, async (req, res) => {
    sendStoredFile(res, await queue.memberScan(currentUser(req).user.id, id.of(req)), `ticket-${id.of(req)}`);
  });

  return router;
}
