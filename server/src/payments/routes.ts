import express, { Router, type Request } from 'express';
import { depositBody, DEPOSIT_STATES, pageQuery } from '@gp/common';
import { z } from 'zod';
import { currentUser, requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import { idempotencyKey, idParam, validateBody, validateQuery } from '../platform/http.ts';
import { access, actorOf } from '../staff/service.ts';
import type { DepositService } from './service.ts';
import type { ProviderName } from './types.ts';

const memberId = (req: Request) => currentUser(req).user.id;
/** Why a supervisor credits a held deposit anyway (the audit keeps it). */
const creditBody = z.object({ reason: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' }) });

/** The site's address as the member's browser used it (for the provider's way back) when PUBLIC_URL is unset. */
const requestOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** The member's and the back office's deposit routes (under /api, JSON). */
export function depositRoutes(auth: AuthService, deposits: DepositService) {
  const router = Router();
  const member = requireUser(auth);
  const key = idempotencyKey(true);
  const body = validateBody(depositBody);
  const page = validateQuery(pageQuery);
  const id = idParam('id');
  const credit = validateBody(creditBody);
  const stateQuery = validateQuery(z.object({ state: z.enum(DEPOSIT_STATES, { error: 'invalid' }).default('held'), limit: z.coerce.number().int().min(1).max(500).default(100) }));

  router.get('/deposits/options', member, async (req, res) => {
    res.json(await deposits.options(memberId(req)));
  });
  router.post('/deposits', member, key, body, async (req, res) => {
    res.status(201).json(await deposits.create(memberId(req), body.of(req), key.of(req), requestOrigin(req)));
  });
  router.get('/deposits', member, page, async (req, res) => {
    const { page: p, pageSize } = page.of(req);
    res.json(await deposits.list(memberId(req), p, pageSize));
  });
  // Before /deposits/:id, which would read "debt" as a malformed id.
  router.get('/deposits/debt', member, async (req, res) => {
    res.json(await deposits.debt(memberId(req)));
  });
  router.post('/deposits/debt/settle', member, async (req, res) => {
    res.json(await deposits.settleDebt(memberId(req)));
  });
  router.get('/deposits/:id', member, id, async (req, res) => {
    res.json(await deposits.get(memberId(req), id.of(req)));
  });

  router.get('/admin/deposits', member, requireOperator, stateQuery, async (req, res) => {
    const q = stateQuery.of(req);
    res.json({ items: await deposits.byState(q.state, q.limit) });
  });
  router.post('/admin/deposits/:id/refund', member, requireOperator, id, async (req, res) => {
    res.json(await deposits.refund(id.of(req), actorOf(req)));
  });
  // A held deposit (the provider reported another amount): credited for what was received, once, by a supervisor.
  router.post('/admin/deposits/:id/credit', ...access(auth, 'POST /admin/deposits/:id/credit'), id, credit, async (req, res) => {
    res.json(await deposits.creditHeld(actorOf(req), id.of(req), credit.of(req).reason));
  });
  return router;
}

/** The notifications each provider sends, at POST /api/payments/<provider>/<channel>. */
export const PAYMENT_CALLBACK_CHANNELS: Record<ProviderName, readonly string[]> = { stripe: ['webhook'], ecpay: ['result', 'info'], jko: ['result'] };

/**
 * Where providers call us (mounted at /api/payments before the JSON parser: signatures are over
 * the raw bytes). Each answers what its provider expects (`1|OK` for ECPay).
 */
export function paymentCallbackRoutes(deposits: DepositService) {
  const router = Router();
  // ECPay sends the member's browser back with a POST (OrderResultURL / ClientRedirectURL): on to the result page.
  const back = (req: Request, res: express.Response) => {
    const depositId = String(req.query.id ?? '');
    res.redirect(303, /^\d{1,18}$/.test(depositId) ? `/payment-result-h8?id=${depositId}` : '/deposit');
  };
  router.get('/ecpay/back', back);
  router.post('/ecpay/back', back);

  router.post('/:provider/:channel', express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const provider = req.params.provider as ProviderName;
    const channel = String(req.params.channel);
    if (!PAYMENT_CALLBACK_CHANNELS[provider]?.includes(channel)) throw new AppError('not_found');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const reply = await deposits.notify(provider, channel, req.headers, raw);
    res.status(reply.status).type(reply.contentType).send(reply.body);
  });
  return router;
}
