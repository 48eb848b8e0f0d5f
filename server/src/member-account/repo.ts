import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

export type ExportRow = Record<string, unknown>;

/**
 * One section of the data export: its rows after `after` (the last id of the page before), at most
 * `limit`, ordered by id. A section whose table has no numeric id (sessions, linked logins, limits)
 * is small by construction and answers whole on the first page (`paged: false`).
 */
export interface ExportSection {
  name: string;
  paged: boolean;
  rows(db: Executor, userId: number, after: number, limit: number): Promise<ExportRow[]>;
}

const run = async (db: Executor, query: ReturnType<typeof sql<ExportRow>>) => (await query.execute(db)).rows;

/** A section read from one table of the member's rows (`user_id`), a page at a time by `id`; `columns` is ours, never input. */
const pagedSection = (name: string, table: string, columns: string): ExportSection => ({
  name,
  paged: true,
  rows: (db, userId, after, limit) => run(db, sql<ExportRow>`select ${sql.raw(columns)} from ${sql.table(table)} where user_id = ${userId} and id > ${after} order by id limit ${limit}`),
});

/**
 * Everything the platform holds on a member (issue 32 item 5), section by section. Identity files'
 * bytes are not in it (their file names and types are); staff members' ids are not either.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'profile',
    paged: false,
    rows: (db, userId) =>
      run(
        db,
        sql`select u.id::text as "id", u.email, u.name, u.locale, to_char(u.birth_date, 'YYYY-MM-DD') as "birthDate",
                   u.age_verified_at as "ageVerifiedAt", u.email_verified_at as "emailVerifiedAt", u.promo_opt_in as "marketingConsent",
                   u.created_at as "createdAt", u.closed_at as "closedAt", w.balance, w.trial_balance as "trialBalance"
              from users u left join wallets w on w.user_id = u.id where u.id = ${userId}`,
      ),
  },
  {
    name: 'sessions',
    paged: false,
    rows: (db, userId) =>
      run(
        db,
        sql`select created_at as "createdAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt", revoked_at as "endedAt", address, user_agent as "userAgent"
              from sessions where user_id = ${userId} order by created_at`,
      ),
  },
  {
    name: 'linked_logins',
    paged: false,
    rows: (db, userId) => run(db, sql`select provider, email, created_at as "linkedAt" from user_identities where user_id = ${userId} order by created_at`),
  },
  pagedSection('orders', 'orders', `id, product_code as "productCode", issue, status, units, multiplier, points_spent as "pointsSpent", prize, trial, plays, ticket_ref as "ticketRef", created_at as "createdAt", purchased_at as "purchasedAt", settled_at as "settledAt"`),
  pagedSection('ledger', 'ledger', `id, created_at as "createdAt", account, kind, amount, balance_after as "balanceAfter", ref_type as "refType", ref_id as "refId"`),
  pagedSection('deposits', 'deposits', `id, created_at as "createdAt", method, provider, currency, amount, points, state, paid_at as "paidAt", refunded_at as "refundedAt", merchant_ref as "reference"`),
  pagedSection('withdrawals', 'withdrawals', `id, created_at as "createdAt", method, state, amount, fee, payout, currency, account_name as "accountName", account_number as "accountNumber", bank_code as "bankCode", approved_at as "approvedAt", paid_at as "paidAt", paid_reference as "paidReference", closed_at as "closedAt", reason`),
  pagedSection('identity_checks', 'kyc_submissions', `id, created_at as "createdAt", state, regexp_replace(document_key, '^.*/', '') as "documentFile", document_type as "documentType", regexp_replace(selfie_key, '^.*/', '') as "selfieFile", selfie_type as "selfieType", account_name as "accountName", account_number as "accountNumber", bank_code as "bankCode", reason, reviewed_at as "reviewedAt", files_delete_after as "filesDeleteAfter", files_deleted_at as "filesDeletedAt"`),
  {
    name: 'limits',
    paged: false,
    rows: (db, userId) =>
      run(
        db,
        sql`select kind, period, amount, pending_amount as "pendingAmount", pending_requested_at as "pendingRequestedAt", pending_effective_at as "pendingEffectiveAt", updated_at as "updatedAt"
              from play_limits where user_id = ${userId} order by kind, period`,
      ),
  },
  pagedSection('limit_changes', 'play_limit_changes', `id, kind, period, change, old_amount as "oldAmount", new_amount as "newAmount", requested_at as "requestedAt", effective_at as "effectiveAt"`),
  pagedSection('breaks', 'play_breaks', `id, kind, period, starts_at as "startsAt", ends_at as "endsAt"`),
  pagedSection('inbox', 'inbox_messages', `id, created_at as "createdAt", kind, params, link, read_at as "readAt", deleted_at as "deletedAt"`),
  {
    name: 'support_messages',
    paged: true,
    rows: (db, userId, after, limit) =>
      run(
        db,
        sql`select m.id, t.id as "threadId", t.subject, m.author, m.body, regexp_replace(m.attachment_key, '^.*/', '') as "attachmentFile", m.created_at as "createdAt"
              from support_messages m join support_threads t on t.id = m.thread_id
             where t.user_id = ${userId} and m.id > ${after} order by m.id limit ${limit}`,
      ),
  },
];

export type LedgerTotals = Record<'deposit' | 'pin' | 'order' | 'refund' | 'prize' | 'adjustment' | 'withdrawal', number>;

export const memberAccountRepo = {
  /**
   * A month of the member's real-point ledger, summed by kind, with the balance before and after it:
   * the statement's figures are the ledger's own (`from` inclusive, `to` exclusive).
   */
  async monthTotals(db: Executor, userId: number, from: Date, to: Date) {
    const { rows } = await sql<{ kind: keyof LedgerTotals; total: number; entries: number }>`
      select kind, coalesce(sum(amount), 0)::bigint as total, count(*)::int as entries
        from ledger where user_id = ${userId} and account = 'real' and created_at >= ${from} and created_at < ${to}
       group by kind`.execute(db);
    const balanceAt = async (at: Date) => {
      const row = await sql<{ balance_after: number }>`
        select balance_after from ledger where user_id = ${userId} and account = 'real' and created_at < ${at} order by id desc limit 1`.execute(db);
      return Number(row.rows[0]?.balance_after ?? 0);
    };
    const [opening, closing] = await Promise.all([balanceAt(from), balanceAt(to)]);
    return { rows: rows.map((r) => ({ kind: r.kind, total: Number(r.total), entries: r.entries })), opening, closing };
  },

  /** The member's row, locked until the closing transaction ends: two closings at once run one after the other. */
  lockMember(trx: Tx, userId: number) {
    return trx.selectFrom('users').select(['id', 'closed_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  /** Marks the account closed and withdraws marketing consent, once (undefined when it was closed already). */
  close(trx: Tx, userId: number, at: Date) {
    return trx.updateTable('users').set({ closed_at: at, promo_opt_in: false }).where('id', '=', userId).where('closed_at', 'is', null).returning('id').executeTakeFirst();
  },
};
