import crypto from 'node:crypto';
import {
  DEPOSIT_CURRENCIES,
  userRoom,
  type DepositEventPayload,
  type DepositBody,
  type DepositOptions,
  type DepositView,
  type Paged,
  type PaymentStart,
  type WalletDebtView,
} from '@gp/common';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';
import { playGuard } from '../responsible-play/service.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { depositLimitProblem, depositPoints, startOfUtcDay } from './money.ts';
import { nulFree, recordedBody, withoutNul } from './recordable.ts';
import { depositsRepo, type DepositRow } from './repo.ts';
import { createPaymentsRuntime } from './runtime.ts';
import { NotificationRejected, type DepositMethod, type DepositRef, type Observation, type ProviderName, type ProviderReply } from './types.ts';

/** Amount buttons on /deposit, minor units per currency. */
const PRESETS = { USD: [1_000, 2_000, 5_000, 10_000], TWD: [30_000, 50_000, 100_000, 300_000], CNY: [5_000, 10_000, 20_000, 50_000] } as const;
const METHOD_PROVIDER: Record<DepositMethod, ProviderName> = { card: 'stripe', wechat_pay: 'stripe', alipay: 'stripe', tw_card: 'ecpay', cvs_barcode: 'ecpay', jko: 'jko' };
/** A deposit is asked about once it is this old, and then at most this often. */
const QUERY_AFTER_MS = 60_000;
/** An open deposit without an expiry of its own gives up after a day. */
const OPEN_AT_MOST_MS = 24 * 3600_000;
const OPEN = ['created', 'pending'] as const;
/** A refund claimed this long ago without an outcome (the process died mid-call) may be asked for again, under the same reference. */
const REFUND_CLAIM_MS = 10 * 60_000;

interface StoredPayment {
  start?: PaymentStart;
  providerRef?: string;
  barcode?: { codes: string[]; expiresAt: string | null };
}

/** The refund rail's view of a provider (withdrawals/refunds.ts). */
export type { PaymentProvider, RefundOutcome } from './types.ts';

export type ApplyOutcome = 'credited' | 'held' | 'failed' | 'expired' | 'barcode' | 'reversed' | 'noop' | 'replay' | 'unknown';

export type DepositService = ReturnType<typeof createDepositService>;

/**
 * Deposits (issue 14): a member pays a provider, and the points are credited once the provider
 * says so — by a verified notification or by our query — in one transaction with the ledger,
 * exactly once per deposit (the ledger's unique cause) and per provider transaction (a unique index).
 */
export function createDepositService(platform: Pick<Platform, 'db' | 'config' | 'logger' | 'outbox' | 'now'>) {
  const { db, config, logger, outbox } = platform;
  const now = () => platform.now();
  const runtime = createPaymentsRuntime({ config, logger, now });

  const paymentOf = (row: DepositRow) => (row.payment ?? {}) as StoredPayment;
  const refOf = (row: DepositRow): DepositRef => ({
    id: String(row.id),
    merchantRef: row.merchant_ref,
    method: row.method as DepositMethod,
    amount: row.amount,
    currency: row.currency,
    providerRef: paymentOf(row).providerRef ?? null,
    providerTxnId: row.provider_txn_id,
    refundRef: row.refund_ref ?? refundRefOf(row),
  });
  const refundRefOf = (row: DepositRow) => `R${row.merchant_ref}`;
  let refundListener: ((reference: string) => Promise<unknown>) | undefined;

  function view(row: DepositRow): DepositView {
    const payment = paymentOf(row);
    const open = row.state === 'created' || row.state === 'pending';
    return {
      id: String(row.id),
      provider: row.provider,
      method: row.method as DepositMethod,
      currency: row.currency as DepositView['currency'],
      amount: row.amount,
      points: row.points,
      state: row.state,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      barcode: payment.barcode?.codes ?? null,
      start: open && !payment.barcode ? (payment.start ?? null) : null,
      sandbox: runtime.provider(row.provider)?.mode === 'sandbox',
    };
  }

  /**
   * What the provider said it received for a held deposit (`problem.reported`), or the expected sum
   * when it did not say; `amount` is null when what it sent was not an amount (`amount_unreadable`):
   * nothing can be credited or refunded on that.
   */
  const reportedOf = (row: DepositRow) => {
    const reported = (row.problem as { reported?: { amount?: unknown; currency?: unknown } } | null)?.reported;
    if (!reported) return { amount: row.amount as number | null, currency: row.currency };
    return {
      amount: Number.isSafeInteger(reported.amount) && (reported.amount as number) > 0 ? (reported.amount as number) : null,
      currency: typeof reported.currency === 'string' ? reported.currency : row.currency,
    };
  };

  const methods = () =>
    runtime.all().flatMap((provider) => provider.methods.map((m) => ({ method: m.method, provider: provider.name, currencies: [...m.currencies], sandbox: provider.mode === 'sandbox' })));

  async function dailyRemaining(userId: number) {
    const used = await depositsRepo.pointsSince(db, userId, startOfUtcDay(now()));
    return Math.max(0, config.DEPOSIT_DAILY_MAX_POINTS - used);
  }

  /** Credits, holds, fails or reverses the deposit `obs` is about; all in one transaction with its row locked. */
  async function apply(provider: ProviderName, obs: Observation, notification?: { dedupeKey: string; kind: string; body: unknown }): Promise<ApplyOutcome> {
    const found =
      obs.outcome === 'reversed'
        ? ((await depositsRepo.idByProviderTxn(db, provider, obs.providerTxnId)) ?? (obs.merchantRef ? await depositsRepo.idByMerchantRef(db, provider, obs.merchantRef) : undefined))
        : await depositsRepo.idByMerchantRef(db, provider, obs.merchantRef);
    if (!found) {
      if (notification) await depositsRepo.recordNotification(db, { provider, ...notification, depositId: null });
      return 'unknown';
    }
    const id = found.id;
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      // The deposit is locked first, then its notification recorded: the notification's foreign key
      // takes a share lock on the deposit, and two callbacks each holding one while waiting for the
      // other's `for update` deadlocked (issue 28: 50 callbacks of one deposit at once).
      const row = await depositsRepo.forUpdate(trx, id);
      if (!row) return 'unknown' as const;
      // Recorded in the transaction that acts on it: a replay finds it and does nothing, and a
      // failure records nothing, so the provider's retry acts again.
      if (notification && !(await depositsRepo.recordNotification(trx, { provider, ...notification, depositId: id }))) return 'replay' as const;
      return decide(trx, row, obs, at);
    });
    if (result === 'credited' || result === 'reversed' || result === 'failed' || result === 'expired' || result === 'held') outbox.kick();
    if (result !== 'noop' && result !== 'replay') logger.info({ depositId: id, provider, outcome: result, observed: obs.outcome }, 'deposit updated');
    return result;
  }

  async function decide(trx: Tx, row: DepositRow, obs: Observation, at: Date): Promise<ApplyOutcome> {
    const id = row.id;
    switch (obs.outcome) {
      case 'pending':
        return 'noop';
      case 'barcode': {
        const barcode = { codes: obs.codes, expiresAt: obs.expiresAt?.toISOString() ?? null };
        const moved = await depositsRepo.transition(trx, id, OPEN, 'pending', { payment: { ...paymentOf(row), barcode }, ...(obs.expiresAt ? { expiresAt: obs.expiresAt } : {}) }, at);
        return moved ? 'barcode' : 'noop';
      }
      case 'paid': {
        // ECPay's dashboard "simulate payment": ECPay says never deliver on it.
        if (obs.simulated) return 'noop';
        if (row.state === 'paid' || row.state === 'refunded' || row.state === 'held') return 'noop';
        if (obs.amount === null || obs.amount !== row.amount || obs.currency.toUpperCase() !== row.currency) {
          // Never credited on a mismatch, nor on an amount that is not one: the back office decides (GET /api/admin/deposits?state=held).
          const problem =
            obs.amount === null
              ? { reason: 'amount_unreadable', reported: { amount: null, text: (obs.amountText ?? '').slice(0, 64), currency: obs.currency } }
              : { reason: 'amount_mismatch', reported: { amount: obs.amount, currency: obs.currency } };
          const held = await depositsRepo.transition(trx, id, [row.state], 'held', { providerTxnId: obs.providerTxnId, problem }, at);
          // The push tells the member's open page, and the back office's live queue (admin/feed.ts), in this transaction.
          if (held) await outbox.write(trx, [depositPush(row, 'held', at)]);
          return 'held';
        }
        // A payment the provider confirms after we saw it fail or expire still took the member's money: credit it.
        const moved = await depositsRepo.transition(trx, id, ['created', 'pending', 'failed', 'expired'], 'paid', { providerTxnId: obs.providerTxnId, paidAt: at }, at);
        if (!moved) return 'noop';
        const userId = row.user_id;
        await walletService.credit(trx, { userId, account: 'real', kind: 'deposit', amount: row.points, refType: 'deposit', refId: id });
        // A new deposit first pays what a refunded one left owing (then ordering opens again).
        const balances = await walletService.settleDebts(trx, userId, at);
        // The `deposit` push is also what writes the member's inbox message (inbox/from-effects.ts), in this transaction.
        await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, at), at), depositPush(row, 'paid', at)]);
        return 'credited';
      }
      case 'failed':
      case 'expired': {
        // Out of order ("failed" after "paid"): a paid deposit stays paid.
        const moved = await depositsRepo.transition(trx, id, OPEN, obs.outcome, { problem: { reason: obs.reason } }, at);
        if (!moved) return 'noop';
        await outbox.write(trx, [depositPush(row, obs.outcome, at)]);
        return obs.outcome;
      }
      case 'reversed':
        return reverse(trx, row, obs.reason, at, true);
    }
  }

  /** The member's `deposit` push of a final state (the inbox turns it into a message, once per deposit and state). */
  const depositPush = (row: DepositRow, state: DepositEventPayload['state'], at: Date) =>
    outbox.event({ room: userRoom(row.user_id), event: 'deposit', payload: { id: String(row.id), state, points: row.points } }, at);

  /**
   * A paid deposit given back (`fromWebhook`: Stripe's `charge.refunded` or a chargeback) takes its
   * points back — less what refund withdrawals of it already paid out of the member's balance.
   */
  async function reverse(trx: Tx, row: DepositRow, reason: 'refund' | 'chargeback', at: Date, fromWebhook = false): Promise<ApplyOutcome> {
    const id = row.id;
    const refunds = await depositsRepo.refundWithdrawals(trx, id);
    // A refund withdrawal's own `charge.refunded`: its points left with the withdrawal's hold, so
    // reversing the deposit would take them twice (docs/withdrawals.md says what this leaves out).
    if (fromWebhook && reason === 'refund' && refunds.sent > 0) {
      logger.info({ depositId: id }, 'charge.refunded of a refund withdrawal: the deposit stays paid');
      return 'noop';
    }
    const moved = await depositsRepo.transition(trx, id, ['paid'], 'refunded', { refundedAt: at, problem: { reason } }, at);
    if (!moved) return 'noop';
    const userId = row.user_id;
    const amount = Math.max(0, row.points - refunds.paidPoints);
    // Everything already went back through refund withdrawals: nothing left to take.
    const taken =
      amount > 0 ? await walletService.clawBack(trx, { userId, kind: 'deposit', amount, refType: 'deposit-reversal', refId: id }) : { taken: 0, owed: 0, ...(await walletService.balances(trx, userId)) };
    await outbox.write(trx, [outbox.event(balanceMessage(userId, taken, at), at)]);
    if (taken.owed > 0) logger.warn({ depositId: id, userId, owed: taken.owed }, 'deposit reversed after its points were spent: the member owes the rest');
    return 'reversed';
  }

  async function openProvider(userId: number, row: DepositRow, origin: string) {
    const provider = runtime.provider(row.provider);
    if (!provider) throw new AppError('payment_issue');
    const id = row.id;
    try {
      const created = await provider.create({
        depositId: id,
        merchantRef: row.merchant_ref,
        method: row.method as DepositMethod,
        amount: row.amount,
        currency: row.currency as DepositView['currency'],
        description: `GPoints ${(row.points / 100).toFixed(2)}`,
        returnUrl: `${origin}/payment-result-h8?id=${id}`,
        notifyUrl: (channel) => `${runtime.origin() ?? origin}/api/payments/${row.provider}/${channel}`,
        now: now(),
      });
      const payment: StoredPayment = { start: created.start, ...(created.providerRef ? { providerRef: created.providerRef } : {}) };
      const moved = await depositsRepo.transition(db, id, ['created'], 'pending', { payment, expiresAt: created.expiresAt ?? null }, now());
      return moved ?? (await depositsRepo.byId(db, id))!;
    } catch (error) {
      logger.error({ err: error, depositId: id, userId, provider: row.provider }, 'payment provider refused to open a payment');
      await depositsRepo.transition(db, id, ['created'], 'failed', { problem: { reason: 'create_failed' } }, now());
      throw new AppError('payment_issue');
    }
  }

  return {
    runtime,
    start: (options?: { serveSandbox?: boolean }) => runtime.start(options),
    close: () => runtime.close(),

    async options(userId: number): Promise<DepositOptions> {
      const available = methods();
      return {
        sandbox: available.some((m) => m.sandbox),
        currencies: DEPOSIT_CURRENCIES.map((currency) => {
          const [numerator, denominator] = String(config.DEPOSIT_RATES[currency]).split('/').map(Number) as [number, number];
          const { min, max } = config.DEPOSIT_LIMITS[currency];
          return { currency, rate: { numerator, denominator }, min, max, presets: PRESETS[currency].filter((p) => p >= min && p <= max) };
        }),
        methods: available,
        dailyRemaining: await dailyRemaining(userId),
      };
    },

    /** Opens a deposit and the provider's payment; a retry with the same Idempotency-Key answers the same deposit. */
    async create(userId: number, body: DepositBody, idempotencyKey: string, requestOrigin: string): Promise<{ deposit: DepositView }> {
      const providerName = METHOD_PROVIDER[body.method];
      const provider = runtime.provider(providerName);
      const offered = provider?.methods.find((m) => m.method === body.method);
      if (!provider || !offered) throw new AppError('validation_failed', { fields: { method: 'invalid' } });
      if (!offered.currencies.includes(body.currency)) throw new AppError('validation_failed', { fields: { currency: 'invalid' } });
      const problem = depositLimitProblem(config, body.currency, body.amount);
      const { min, max } = config.DEPOSIT_LIMITS[body.currency];
      if (problem) throw new AppError('deposit_limit', { details: { problem, min, max, currency: body.currency } });
      const points = depositPoints(config, body.currency, body.amount);
      // Issue 32: no deposits on a break or self-excluded, nor before a date of birth is given.
      await playGuard.admit(db, userId, now());

      const { body: created } = await runIdempotent(db, { userId, scope: 'deposit-create', key: idempotencyKey, body }, async (trx) => {
        // One member's creates run one at a time (an advisory lock), so two cannot both slip under the daily limit.
        await depositsRepo.lockMemberDeposits(trx, userId);
        const used = await depositsRepo.pointsSince(trx, userId, startOfUtcDay(now()));
        if (used + points > config.DEPOSIT_DAILY_MAX_POINTS) {
          throw new AppError('deposit_limit', { details: { problem: 'daily_limit', remaining: Math.max(0, config.DEPOSIT_DAILY_MAX_POINTS - used) } });
        }
        // The member's own deposit limits and the unverified-age cap (issue 32), under their limits row's lock.
        await playGuard.checkDeposit(trx, config, userId, points, now(), false);
        const merchantRef = `GP${now().getTime().toString(36).toUpperCase()}${crypto.randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 20);
        const row = await depositsRepo.insert(trx, { userId, provider: providerName, method: body.method, currency: body.currency, amount: body.amount, points, merchantRef }, now());
        return { status: 201, body: { id: String(row.id) } };
      });
      let row = (await depositsRepo.byId(db, Number(created.id)))!; // `created` is the stored answer: the id as its JSON text
      // A retry after a crash between the insert and the provider call opens the payment now.
      if (row.state === 'created') row = await openProvider(userId, row, runtime.origin() ?? requestOrigin);
      return { deposit: view(row) };
    },

    async get(userId: number, id: number): Promise<DepositView> {
      const row = await depositsRepo.byId(db, id);
      if (!row || row.user_id !== userId) throw new AppError('not_found');
      return view(row);
    },

    async list(userId: number, page: number, pageSize: number): Promise<Paged<DepositView>> {
      const { rows, total } = await depositsRepo.page(db, userId, page, pageSize);
      return { items: rows.map(view), page, pageSize, total };
    },

    /** A provider's notification: verified, recorded once, acted on; answers what the provider expects. */
    async notify(providerName: ProviderName, channel: string, headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<ProviderReply> {
      const provider = runtime.provider(providerName);
      if (!provider) throw new AppError('not_found');
      let verified;
      try {
        verified = await provider.verifyNotification({ channel, headers, rawBody, now: now() });
      } catch (error) {
        if (error instanceof NotificationRejected) {
          logger.warn({ provider: providerName, channel, reason: error.reason }, 'payment notification refused');
          return error.reply;
        }
        throw error;
      }
      // A NUL anywhere in what the provider signed is recorded and answered like any other byte (recordable.ts).
      const obs = verified.observation && nulFree(verified.observation);
      if (obs && obs.outcome !== 'pending') {
        await apply(providerName, obs, { dedupeKey: withoutNul(verified.dedupeKey), kind: withoutNul(verified.kind), body: recordedBody(verified.body, rawBody) });
      }
      if (verified.refundUpdated && refundListener) {
        // The listener looks the refund up before acting; should it fail, the refund reconciler settles it later.
        await refundListener(verified.refundUpdated.reference).catch((error: unknown) => logger.warn({ err: error, provider: providerName }, 'refund update not applied; the reconciler will look it up'));
      }
      return verified.reply;
    },

    /** Who hears of a refund of ours settled later at the provider (withdrawals' refund rail; set once at start-up). */
    onRefundUpdated(listener: (reference: string) => Promise<unknown>) {
      refundListener = listener;
    },

    apply,

    /** Asks the provider about one deposit and acts on the answer. */
    async query(id: number): Promise<ApplyOutcome> {
      const row = await depositsRepo.byId(db, id);
      const provider = row && runtime.provider(row.provider);
      if (!row || !provider) return 'unknown';
      await depositsRepo.markQueried(db, id, now());
      const obs = await provider.query(refOf(row), now());
      const outcome = await apply(row.provider, obs);
      if (outcome !== 'noop' || obs.outcome !== 'pending') return outcome;
      // Still unpaid: past its expiry (or a day old without one) it is over.
      const deadline = row.expires_at ? new Date(row.expires_at).getTime() : new Date(row.created_at).getTime() + OPEN_AT_MOST_MS;
      if (now().getTime() > deadline) return apply(row.provider, { outcome: 'expired', merchantRef: row.merchant_ref, reason: 'expired_unpaid' });
      return 'noop';
    },

    /** The reconciler's sweep: open deposits the provider has not told us about, asked about in turn. */
    async reconcile(limit = 50) {
      const at = now().getTime();
      const due = await depositsRepo.dueForQuery(db, new Date(at - QUERY_AFTER_MS), new Date(at - QUERY_AFTER_MS), limit);
      let changed = 0;
      for (const row of due) {
        try {
          const outcome = await this.query(row.id);
          if (outcome !== 'noop' && outcome !== 'unknown') changed += 1;
        } catch (error) {
          logger.warn({ err: error, depositId: row.id }, 'deposit query failed; will ask again');
        }
      }
      return { queried: due.length, changed };
    },

    /**
     * Back office: gives the money back through the provider, then takes the points back (a debt if
     * they were spent). A held deposit (never credited) gives back what the provider received.
     */
    async refund(id: number, actor?: StaffActor): Promise<DepositView> {
      // The refund is claimed on the row first, under its reference, so of any number of clicks
      // exactly one asks the provider (the others: `refund_pending`); a failed call gives it back.
      const { row, received } = await db.transaction().execute(async (trx) => {
        const locked = await depositsRepo.forUpdate(trx, id);
        if (!locked) throw new AppError('not_found');
        if (actor && locked.user_id === actor.id) throw new AppError('own_account');
        if (locked.state !== 'paid' && locked.state !== 'held') throw new AppError('validation_failed', { fields: { state: 'invalid' } });
        if (locked.refund_requested_at && now().getTime() - new Date(locked.refund_requested_at).getTime() < REFUND_CLAIM_MS) throw new AppError('refund_pending');
        // The member's own refund withdrawal of it is open: it decides first (its points are held).
        if ((await depositsRepo.refundWithdrawals(trx, id)).open > 0) throw new AppError('refund_pending');
        const reported = locked.state === 'held' ? reportedOf(locked) : null;
        if (reported && reported.amount === null) throw new AppError('validation_failed', { fields: { amount: 'invalid' } });
        const claimed = await depositsRepo.claimRefund(trx, id, locked.refund_ref ?? refundRefOf(locked), now());
        return { row: claimed, received: reported && { amount: reported.amount!, currency: reported.currency } };
      });
      const provider = runtime.provider(row.provider);
      try {
        if (!provider) throw new Error(`no ${row.provider} provider in this deployment`);
        await provider.refund(received ? { ...refOf(row), amount: received.amount, currency: received.currency } : refOf(row), now());
      } catch (error) {
        logger.error({ err: error, depositId: id, refundRef: row.refund_ref }, 'provider refused the refund');
        await depositsRepo.releaseRefundClaim(db, id);
        throw new AppError('payment_issue');
      }
      await db.transaction().execute(async (trx) => {
        const locked = await depositsRepo.forUpdate(trx, id);
        if (locked?.state === 'held') {
          const moved = await depositsRepo.transition(trx, id, ['held'], 'refunded', { refundedAt: now(), problem: { ...(locked.problem as object), resolution: 'refunded' } }, now());
          if (moved && actor) await recordAudit(trx, actor, { action: 'deposit.held_refunded', targetType: 'deposit', targetId: id, before: { state: 'held' }, after: { state: 'refunded', ...received } }, now());
        } else if (locked) {
          await reverse(trx, locked, 'refund', now());
          if (actor) await recordAudit(trx, actor, { action: 'deposit.refunded', targetType: 'deposit', targetId: id, before: { state: locked.state }, after: { state: 'refunded' } }, now());
        }
      });
      outbox.kick();
      return view((await depositsRepo.byId(db, id))!);
    },

    /**
     * Back office (supervisor): credits a held deposit anyway, for what the provider reported it
     * received (amount × rate, as any deposit), once: the row moves from `held` under its lock and
     * the ledger's cause is the deposit's own, so of 20 simultaneous calls one credits and the rest
     * are refused. Settles any debt first, as a new deposit does; audited with the reason.
     */
    async creditHeld(actor: StaffActor, id: number, reason: string): Promise<DepositView> {
      const at = now();
      const done = await db.transaction().execute(async (trx) => {
        const row = await depositsRepo.forUpdate(trx, id);
        if (!row) throw new AppError('not_found');
        if (row.user_id === actor.id) throw new AppError('own_account');
        if (row.state !== 'held') throw new AppError('validation_failed', { fields: { state: 'invalid' } });
        const received = reportedOf(row);
        const currency = received.currency.toUpperCase();
        if (received.amount === null) throw new AppError('validation_failed', { fields: { amount: 'invalid' } });
        if (!(DEPOSIT_CURRENCIES as readonly string[]).includes(currency)) throw new AppError('validation_failed', { fields: { currency: 'invalid' } });
        const points = depositPoints(config, currency as DepositView['currency'], received.amount);
        const problem = { ...(row.problem as object), resolution: 'credited', expected: { amount: row.amount, currency: row.currency, points: row.points } };
        const moved = await depositsRepo.creditHeld(trx, id, { amount: received.amount, currency, points, problem }, at);
        if (!moved) throw new AppError('validation_failed', { fields: { state: 'invalid' } });
        const userId = row.user_id;
        if (points > 0) await walletService.credit(trx, { userId, account: 'real', kind: 'deposit', amount: points, refType: 'deposit', refId: id });
        const balances = await walletService.settleDebts(trx, userId, at);
        // `paid`: the member's inbox says "credited", and the live queue drops the held item.
        await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, at), at), depositPush(row, 'paid', at)]);
        await recordAudit(trx, actor, { action: 'deposit.held_credited', targetType: 'deposit', targetId: id, before: { state: 'held', amount: row.amount, currency: row.currency, points: row.points }, after: { state: 'paid', amount: received.amount, currency, points, reason } }, at);
        return moved;
      });
      outbox.kick();
      logger.info({ depositId: id, by: actor.id }, 'held deposit credited by the back office');
      return view(done);
    },

    /** Back office: deposits in one state (`held`: the provider reported another amount or currency). */
    async byState(state: DepositRow['state'], limit = 100) {
      const rows = await depositsRepo.byState(db, state, limit);
      return rows.map((row) => ({ ...view(row), userId: String(row.user_id), merchantRef: row.merchant_ref, providerTxnId: row.provider_txn_id, problem: row.problem ?? null }));
    },

    async debt(userId: number): Promise<WalletDebtView> {
      const { outstanding, rows } = await walletService.debts(db, userId);
      return {
        outstanding,
        debts: rows.map((r) => ({ id: String(r.id), refType: r.ref_type, refId: r.ref_id, amount: r.amount, remaining: r.remaining, createdAt: new Date(r.created_at).toISOString() })),
      };
    },

    /** Pays what the member owes from their balance (as far as it goes). */
    async settleDebt(userId: number): Promise<WalletDebtView> {
      await db.transaction().execute(async (trx) => {
        const settled = await walletService.settleDebts(trx, userId, now());
        if (settled.paid > 0) await outbox.write(trx, [outbox.event(balanceMessage(userId, settled, now()), now())]);
      });
      outbox.kick();
      return this.debt(userId);
    },
  };
}
