import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

const columns = ['users.id', 'users.name', 'users.email', 'users.role', 'users.locked_at', 'users.created_at'] as const;

/** Members as the back office finds them: by email, name (case-insensitive, partial) or one of their order ids. */
export const membersRepo = {
  search(db: Executor, q: string, limit: number) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const orderId = /^[1-9]\d{0,17}$/.test(q) ? Number(q) : null;
    return db
      .selectFrom('users')
      .select(columns)
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(users.email)`, 'like', like),
          eb(sql<string>`lower(users.name)`, 'like', like),
          ...(orderId ? [eb('users.id', 'in', eb.selectFrom('orders').select('orders.user_id').where('orders.id', '=', orderId))] : []),
        ]),
      )
      .orderBy('users.id')
      .limit(limit)
      .execute();
  },

  find(db: Executor, id: number) {
    return db.selectFrom('users').select(columns).where('users.id', '=', id).executeTakeFirst();
  },

  /**
   * Open debts across all members, oldest first (the back office's "members with a debt"): read
   * here beside the member search, as the search reads `orders`; only the wallet writes them.
   */
  openDebts(db: Executor, limit: number) {
    return db
      .selectFrom('wallet_debts')
      .innerJoin('users', 'users.id', 'wallet_debts.user_id')
      .select(['wallet_debts.id', 'wallet_debts.user_id', 'users.name', 'users.email', 'wallet_debts.amount', 'wallet_debts.remaining', 'wallet_debts.ref_type', 'wallet_debts.ref_id', 'wallet_debts.created_at'])
      .where('wallet_debts.remaining', '>', 0)
      .orderBy('wallet_debts.created_at')
      .orderBy('wallet_debts.id')
      .limit(limit)
      .execute();
  },

  /** Locks (or unlocks) a member; returns the row as it was, or undefined when there is none. */
  async setLocked(db: Executor, id: number, at: Date | null) {
    const before = await db.selectFrom('users').select(['id', 'locked_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    await db.updateTable('users').set({ locked_at: at }).where('id', '=', id).execute();
    return before;
  },
};
