import { type Kysely, sql } from 'kysely';

/**
 * Issue 33, a bank transfer the bank returns after its batch was marked paid (docs/withdrawals.md
 * "A transfer the bank returns"): the withdrawal moves paid → `returned`, and its held points come
 * back once, under the same `withdrawal-return` cause a rejection or cancellation would post (the
 * ledger's unique cause index: a withdrawal's points come back at most once, whichever way).
 *
 * - `state` gains `returned`; `closed_by`/`closed_at`/`reason` say who confirmed the return, when and
 *   why (the member reads the reason), `return_reference` the bank's reference for it.
 * - `return_first_by`/`return_first_at`: a return above the supervisor's rolling-day bound is
 *   recorded by one supervisor first and confirmed by another (four eyes, as adjustments).
 * - `refund_sent_at`: a `stripe_refund` withdrawal's refund reached Stripe (at least once). An approved
 *   one with it set and no final answer (Stripe said `pending`, or the answer was lost) is what the
 *   refund reconciler looks up (withdrawals/refund-payments.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table withdrawals drop constraint withdrawals_state_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_state_check check (state in ('requested', 'approved', 'paid', 'rejected', 'cancelled', 'returned'))`.execute(db);
  await db.schema
    .alterTable('withdrawals')
    .addColumn('return_reference', 'text')
    .addColumn('return_first_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('return_first_at', 'timestamptz')
    .addColumn('refund_sent_at', 'timestamptz')
    .execute();
  // Refunds that reached Stripe before this column: those claimed, paid, or failed at Stripe.
  await sql`update withdrawals set refund_sent_at = coalesce(refund_claimed_at, paid_at, closed_at) where method = 'stripe_refund' and (refund_claimed_at is not null or state = 'paid' or (reason like 'refund_failed:%' and reason <> 'refund_failed: deposit_not_paid'))`.execute(db);
  // The confirmer's rolling-day sum (staff/repo.ts selfApprovedSince) reads returns confirmed alone.
  await db.schema.createIndex('withdrawals_returner_day').on('withdrawals').columns(['closed_by', 'closed_at']).where(sql.ref('state'), '=', 'returned').execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
