import type { Executor, Tx } from '../db/database.ts';
import type { KycState } from '../db/types.ts';

const COLUMNS = [
  'kyc_submissions.id',
  'kyc_submissions.user_id',
  'kyc_submissions.state',
  'kyc_submissions.document_key',
  'kyc_submissions.document_type',
  'kyc_submissions.selfie_key',
  'kyc_submissions.selfie_type',
  'kyc_submissions.account_name',
  'kyc_submissions.account_number',
  'kyc_submissions.bank_code',
  'kyc_submissions.reason',
  'kyc_submissions.reviewed_by',
  'kyc_submissions.reviewed_at',
  'kyc_submissions.created_at',
] as const;

export const kycRepo = {
  /** The member's newest submission: its state is the member's state. */
  latest(db: Executor, userId: number) {
    return db.selectFrom('kyc_submissions').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  find(db: Executor, id: number) {
    return db.selectFrom('kyc_submissions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** Submissions sent since `since` (the rolling-day bound on how many a member sends). */
  async countSince(db: Executor, userId: number, since: Date) {
    const row = await db.selectFrom('kyc_submissions').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * A new `pending` submission. The partial unique index `kyc_one_pending` refuses a second pending
   * one of the same member (23505): two uploads sent at once leave one.
   */
  insert(
    trx: Tx,
    row: { userId: number; documentKey: string; documentType: string; selfieKey: string; selfieType: string; accountName: string; accountNumber: string; bankCode: string; at: Date },
  ) {
    return trx
      .insertInto('kyc_submissions')
      .values({
        user_id: row.userId,
        document_key: row.documentKey,
        document_type: row.documentType,
        selfie_key: row.selfieKey,
        selfie_type: row.selfieType,
        account_name: row.accountName,
        account_number: row.accountNumber,
        bank_code: row.bankCode,
        created_at: row.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Decides a pending submission, once: conditional on `pending` (undefined when someone else decided first). */
  decide(trx: Tx, id: number, state: Exclude<KycState, 'pending'>, reason: string | null, reviewerId: number, at: Date) {
    return trx
      .updateTable('kyc_submissions')
      .set({ state, reason, reviewed_by: reviewerId, reviewed_at: at })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .returning(['id', 'user_id'])
      .executeTakeFirst();
  },

  queue(db: Executor, state: KycState, limit: number) {
    return db
      .selectFrom('kyc_submissions')
      .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
      .select([...COLUMNS, 'users.email'])
      .where('kyc_submissions.state', '=', state)
      .orderBy('kyc_submissions.id', state === 'pending' ? 'asc' : 'desc')
      .limit(limit)
      .execute();
  },
};
