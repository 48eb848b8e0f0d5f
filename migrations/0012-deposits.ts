import { type Kysely, sql } from 'kysely';

/**
 * Deposits (issue 14): a member buys GPoints through a payment provider (Stripe, ECPay, JKO Pay).
 *
 * - `deposits`: one row per attempt. created → pending (awaiting payment; a barcode with its expiry)
 *   → paid (credited once) / failed / expired; paid → refunded (a refund or a chargeback took the
 *   money back); held: the provider reported an amount or currency that is not the one we asked
 *   for, so nothing is credited until the back office looks. `(provider, provider_txn_id)` is unique:
 *   one provider transaction can never pay two deposits, and the ledger's unique cause
 *   (`deposit`, `deposit`, id) means one deposit credits at most once.
 * - `deposit_notifications`: every notification we accepted as authentic, keyed by what makes it
 *   the same message (Stripe's event id, ECPay's trade no + code + message): a replay is a no-op.
 * - `wallet_debts`: points a refund or chargeback should have taken back but the member had already
 *   spent. While one is open the wallet shows it and orders are refused (`wallet/service.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposits')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'ecpay', 'jko')`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('points', 'bigint', (c) => c.notNull().check(sql`points > 0`))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('created').check(sql`state in ('created', 'pending', 'paid', 'failed', 'expired', 'refunded', 'held')`),
    )
    /** What we sent the provider as our order number (ECPay: ≤ 20 letters and digits). */
    .addColumn('merchant_ref', 'text', (c) => c.notNull().unique())
    .addColumn('provider_txn_id', 'text')
    /** How the member pays: `{ kind: 'redirect', url }`, `{ kind: 'form', action, fields }`, `{ kind: 'barcode', codes, expiresAt }`. */
    .addColumn('payment', 'jsonb')
    /** The provider's reported amount/currency when it disagreed with ours (held), or why it failed. */
    .addColumn('problem', 'jsonb')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('last_queried_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('deposits_provider_txn').on('deposits').columns(['provider', 'provider_txn_id']).unique().where(sql.ref('provider_txn_id'), 'is not', null).execute();
  await db.schema.createIndex('deposits_open').on('deposits').columns(['state', 'created_at']).where(sql.ref('state'), 'in', ['created', 'pending']).execute();

  await db.schema
    .createTable('deposit_notifications')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('deposit_id', 'bigint', (c) => c.references('deposits.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deposit_notifications_once', ['provider', 'dedupe_key'])
    .execute();

  await db.schema
    .createTable('wallet_debts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** What caused it (`deposit-reversal`:<deposit id>): one debt per cause. */
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('remaining', 'bigint', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('wallet_debts_one_per_cause', ['ref_type', 'ref_id'])
    .execute();
  await db.schema.createIndex('wallet_debts_open').on('wallet_debts').column('user_id').where(sql.ref('remaining'), '>', 0).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
