import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { DepositState } from '../db/types.ts';

export interface NewDeposit {
  userId: number;
  provider: 'stripe' | 'ecpay' | 'jko';
  method: string;
  currency: string;
  amount: number;
  points: number;
  merchantRef: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'provider',
  'method',
  'currency',
  'amount',
  'points',
  'state',
  'merchant_ref',
  'provider_txn_id',
  'payment',
  'problem',
  'expires_at',
  'created_at',
  'paid_at',
  'refunded_at',
  'refund_ref',
  'refund_requested_at',
] as const;

export const depositsRepo = {
  /** `at`: the platform's clock (the daily limit and the reconciler compare it with theirs). */
  insert(db: Executor, d: NewDeposit, at: Date) {
    return db
      .insertInto('deposits')
      .values({ user_id: d.userId, provider: d.provider, method: d.method, currency: d.currency, amount: d.amount, points: d.points, merchant_ref: d.merchantRef, created_at: at, updated_at: at })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  /** Serializes one member's deposit creates until the transaction ends (the daily limit is read, then written). */
  async lockMemberDeposits(db: Executor, userId: number) {
    await sql`select pg_advisory_xact_lock(hashtext('deposit-create'), ${Number(userId)}::int)`.execute(db);
  },

  byId(db: Executor, id: number) {
    return db.selectFrom('deposits').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** The deposit row locked for the rest of the transaction: every change of state goes through here. */
  forUpdate(db: Executor, id: number) {
    return db.selectFrom('deposits').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  idByMerchantRef(db: Executor, provider: string, merchantRef: string) {
    return db.selectFrom('deposits').select('id').where('provider', '=', provider as NewDeposit['provider']).where('merchant_ref', '=', merchantRef).executeTakeFirst();
  },

  idByProviderTxn(db: Executor, provider: string, txnId: string) {
    return db.selectFrom('deposits').select('id').where('provider', '=', provider as NewDeposit['provider']).where('provider_txn_id', '=', txnId).executeTakeFirst();
  },

  /** Moves `id` from one of `from` to `to`; undefined when it was no longer in one of them. */
  transition(db: Executor, id: number, from: readonly DepositState[], to: DepositState, set: { providerTxnId?: string; payment?: unknown; problem?: unknown; expiresAt?: Date | null; paidAt?: Date; refundedAt?: Date }, at: Date) {
    return db
      .updateTable('deposits')
      .set({
        state: to,
        updated_at: at,
        ...(set.providerTxnId !== undefined ? { provider_txn_id: set.providerTxnId } : {}),
        ...(set.payment !== undefined ? { payment: JSON.stringify(set.payment) } : {}),
        ...(set.problem !== undefined ? { problem: JSON.stringify(set.problem) } : {}),
        ...(set.expiresAt !== undefined ? { expires_at: set.expiresAt } : {}),
        ...(set.paidAt ? { paid_at: set.paidAt } : {}),
        ...(set.refundedAt ? { refunded_at: set.refundedAt } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning(COLUMNS)
      .executeTakeFirst();
  },

  /**
   * A held deposit credited by a supervisor: paid, for what the provider actually received (its
   * amount, currency and points replace the expected ones, so a later refund gives back the right sum).
   * Conditional on `held`: of concurrent calls, exactly one moves it.
   */
  creditHeld(db: Executor, id: number, set: { amount: number; currency: string; points: number; problem: unknown }, at: Date) {
    return db
      .updateTable('deposits')
      .set({ state: 'paid', amount: set.amount, currency: set.currency, points: set.points, problem: JSON.stringify(set.problem), paid_at: at, updated_at: at })
      .where('id', '=', id)
      .where('state', '=', 'held')
      .returning(COLUMNS)
      .executeTakeFirst();
  },

  /** Claims the deposit's refund under `ref` (kept if one was claimed before) until `releaseRefundClaim` or its outcome. The caller holds the row's lock. */
  claimRefund(db: Executor, id: number, ref: string, at: Date) {
    return db.updateTable('deposits').set({ refund_ref: ref, refund_requested_at: at }).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
  },

  /**
   * The withdrawals refunding part of this deposit to its own payment (withdrawals/refunds.ts):
   * how many are still open (requested or approved), the points the paid ones gave back, and
   * whether any has reached the provider (its `charge.refunded` is that withdrawal's, not a reversal).
   */
  async refundWithdrawals(db: Executor, depositId: number) {
    const row = await db
      .selectFrom('withdrawals')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('state', 'in', ['requested', 'approved']).as('open'),
        eb.fn.coalesce(eb.fn.sum<string>('amount').filterWhere('state', '=', 'paid'), sql<string>`0`).as('paid'),
        // `refund_sent_at` stays set once the refund reached Stripe, also while Stripe says pending or its answer was lost (the claim is then released).
        eb.fn.countAll<string>().filterWhere((w) => w.or([w('refund_sent_at', 'is not', null), w('refund_claimed_at', 'is not', null)])).as('sent'),
      ])
      .where('deposit_id', '=', depositId)
      .executeTakeFirstOrThrow();
    return { open: Number(row.open), paidPoints: Number(row.paid), sent: Number(row.sent) };
  },

  /** The provider refused (or could not be reached): the refund may be asked for again, under the same reference. */
  async releaseRefundClaim(db: Executor, id: number) {
    await db.updateTable('deposits').set({ refund_requested_at: null }).where('id', '=', id).execute();
  },

  setPayment(db: Executor, id: number, payment: unknown, expiresAt: Date | null) {
    return db.updateTable('deposits').set({ payment: JSON.stringify(payment), ...(expiresAt ? { expires_at: expiresAt } : {}) }).where('id', '=', id).execute();
  },

  /** GP hundredths a member deposited (or has open) since `since`: the daily limit's count. */
  async pointsSince(db: Executor, userId: number, since: Date) {
    const row = await db
      .selectFrom('deposits')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where('state', 'in', ['created', 'pending', 'paid', 'held'])
      .executeTakeFirstOrThrow();
    return Number(row.points);
  },

  async page(db: Executor, userId: number, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      db.selectFrom('deposits').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  byState(db: Executor, state: DepositState, limit: number) {
    return db.selectFrom('deposits').select(COLUMNS).where('state', '=', state).orderBy('id').limit(limit).execute();
  },

  /** Open deposits not asked about since `queriedBefore`, created before `createdBefore`: the reconciler's batch. */
  dueForQuery(db: Executor, createdBefore: Date, queriedBefore: Date, limit: number) {
    return db
      .selectFrom('deposits')
      .select(COLUMNS)
      .where('state', 'in', ['created', 'pending'])
      .where('created_at', '<', createdBefore)
      .where((eb) => eb.or([eb('last_queried_at', 'is', null), eb('last_queried_at', '<', queriedBefore)]))
      .orderBy('last_queried_at', (ob) => ob.nullsFirst())
      .limit(limit)
      .execute();
  },

  markQueried(db: Executor, id: number, at: Date) {
    return db.updateTable('deposits').set({ last_queried_at: at }).where('id', '=', id).execute();
  },

  /** Records a notification; false when the same one (provider + dedupe key) was already recorded: a replay. */
  async recordNotification(db: Executor, n: { provider: string; dedupeKey: string; depositId: number | null; kind: string; body: unknown }) {
    const row = await db
      .insertInto('deposit_notifications')
      .values({ provider: n.provider, dedupe_key: n.dedupeKey, deposit_id: n.depositId, kind: n.kind, body: JSON.stringify(n.body ?? null) })
      .onConflict((oc) => oc.constraint('deposit_notifications_once').doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  },
};

export type DepositRow = NonNullable<Awaited<ReturnType<typeof depositsRepo.byId>>>;
