import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';
import type { ClaimStep } from '../db/types.ts';

const COLUMNS = ['claims.id', 'claims.order_id', 'claims.user_id', 'claims.product_code', 'claims.points', 'claims.ticket_ref', 'claims.step', 'claims.opened_at'] as const;

export const claimsRepo = {
  /**
   * Opens the claim of a held real-money win, once per order (the unique order): a settlement that
   * runs again, or the pool stage's second hold, adds nothing. Answers the claim when it is new.
   */
  async open(trx: Tx, orderId: number, points: number, at: Date) {
    const { rows } = await sql<{ id: number; user_id: number }>`
      insert into claims (order_id, user_id, product_code, points, ticket_ref, opened_at, updated_at)
      select id, user_id, product_code, ${points}, ticket_ref, ${at}, ${at} from orders where id = ${orderId} and not trial
      on conflict (order_id) do nothing
      returning id, user_id`.execute(trx);
    return rows[0];
  },

  /** One step, once (the primary key): false when it was already recorded. */
  async recordStep(trx: Tx, claimId: number, step: ClaimStep, by: number | null, note: string | null, at: Date) {
    const inserted = await trx.insertInto('claim_steps').values({ claim_id: claimId, step, by, note, at }).onConflict((oc) => oc.columns(['claim_id', 'step']).doNothing()).returning('step').executeTakeFirst();
    return inserted !== undefined;
  },

  /** The claim at `from` moves to `to`, once: the statement's condition decides between racing clicks. */
  advance(trx: Tx, claimId: number, from: ClaimStep, to: ClaimStep, at: Date) {
    return trx.updateTable('claims').set({ step: to, updated_at: at }).where('id', '=', claimId).where('step', '=', from).returning(COLUMNS).executeTakeFirst();
  },

  byId(db: Executor, id: number) {
    return db.selectFrom('claims').innerJoin('users', 'users.id', 'claims.user_id').select([...COLUMNS, 'users.email']).where('claims.id', '=', id).executeTakeFirst();
  },

  byOrderForUpdate(trx: Tx, orderId: number) {
    return trx.selectFrom('claims').select(COLUMNS).where('order_id', '=', orderId).forUpdate().executeTakeFirst();
  },

  ofMember(db: Executor, userId: number, limit: number) {
    return db.selectFrom('claims').innerJoin('users', 'users.id', 'claims.user_id').select([...COLUMNS, 'users.email']).where('claims.user_id', '=', userId).orderBy('claims.id', 'desc').limit(limit).execute();
  },

  /** Staff: open claims (not credited), or those at one step; oldest first. */
  forStaff(db: Executor, step: ClaimStep | undefined, limit: number) {
    let query = db.selectFrom('claims').innerJoin('users', 'users.id', 'claims.user_id').select([...COLUMNS, 'users.email']);
    query = step ? query.where('claims.step', '=', step) : query.where('claims.step', '<>', 'credited');
    return query.orderBy('claims.id', 'asc').limit(limit).execute();
  },

  steps(db: Executor, claimIds: readonly number[]) {
    if (!claimIds.length) return Promise.resolve([]);
    return db.selectFrom('claim_steps').select(['claim_id', 'step', 'by', 'note', 'at']).where('claim_id', 'in', claimIds).orderBy('at').execute();
  },
};

export type ClaimRow = NonNullable<Awaited<ReturnType<typeof claimsRepo.byId>>>;
