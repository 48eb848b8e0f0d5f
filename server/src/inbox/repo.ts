import { sql } from 'kysely';
import { prepared, type Executor } from '../db/database.ts';

export interface NewInboxMessage {
  userId: number;
  kind: string;
  /** Unique per member: the same cause written twice is one message. */
  cause: string;
  params: Record<string, unknown>;
  link: string | null;
}

const columns = ['id', 'kind', 'params', 'link', 'created_at', 'read_at'] as const;

interface InsertedMessage {
  id: number;
  user_id: number;
  kind: string;
}

/** From this many messages, `insertMany` tries a plain insert first. */
const PLAIN_INSERT_FROM = 100;
const UNIQUE_VIOLATION = '23505';

/** The INSERT of `insertMany`: `once` skips messages already written, `plain` fails on them. */
function insertMessages(db: Executor, messages: readonly NewInboxMessage[], mode: 'once' | 'plain') {
  const rows = JSON.stringify(messages.map((m) => ({ user_id: m.userId, kind: m.kind, cause: m.cause, params: m.params, link: m.link })));
  const statement = sql<InsertedMessage>`
    insert into inbox_messages (user_id, kind, cause, params, link)
    select m.user_id, m.kind, m.cause, m.params, m.link
      from jsonb_to_recordset(${rows}::jsonb) as m(user_id bigint, kind text, cause text, params jsonb, link text)
    ${mode === 'once' ? sql`on conflict (user_id, cause) do nothing` : sql``}
    returning id, user_id, kind`;
  return prepared(`inbox-insert-${mode}`, statement.compile(db));
}

export const inboxRepo = {
  /**
   * Inserts those not written yet; returns the new rows' members and kinds. One prepared statement
   * whose messages are one JSON parameter: a settlement page writes 2,000 at once, which as a
   * VALUES list was 10,000 bind parameters to build and send.
   *
   * A message is almost never written twice (each is written by the transaction that made its
   * step, and steps are conditional), yet ON CONFLICT makes every row a speculative insertion: about a
   * quarter of a large batch's cost. So a large batch is first inserted plainly inside a savepoint;
   * if any of its messages exists already (or twice in the batch), the unique key refuses the
   * statement, and it runs again with ON CONFLICT DO NOTHING. Small batches go straight to that:
   * for them the savepoint's two round trips cost more than they save.
   */
  async insertMany(db: Executor, messages: readonly NewInboxMessage[]): Promise<InsertedMessage[]> {
    if (messages.length < PLAIN_INSERT_FROM) return (await db.executeQuery(insertMessages(db, messages, 'once'))).rows;
    if (!db.isTransaction) return db.transaction().execute((trx) => inboxRepo.insertMany(trx, messages));
    await sql`savepoint inbox_insert`.execute(db);
    try {
      const { rows } = await db.executeQuery(insertMessages(db, messages, 'plain'));
      await sql`release savepoint inbox_insert`.execute(db);
      return rows;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      await sql`rollback to savepoint inbox_insert`.execute(db);
      await sql`release savepoint inbox_insert`.execute(db);
      return (await db.executeQuery(insertMessages(db, messages, 'once'))).rows;
    }
  },

  /**
   * The unread counts of these members (those who have had messages): kept per member by triggers
   * on `inbox_messages` (migration 0017), so reading one is one row, however many messages wait.
   */
  unreadCounts(db: Executor, userIds: readonly number[]) {
    return db.selectFrom('inbox_unread').select(['user_id', 'unread']).where('user_id', 'in', userIds.map(Number)).execute();
  },

  page(db: Executor, userId: number, options: { before?: string; limit: number; unreadOnly: boolean }) {
    let query = db
      .selectFrom('inbox_messages')
      .select(columns)
      .where('user_id', '=', Number(userId))
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(options.limit + 1);
    if (options.before) query = query.where('id', '<', Number(options.before));
    if (options.unreadOnly) query = query.where('read_at', 'is', null);
    return query.execute();
  },

  setRead(db: Executor, userId: number, id: number, readAt: Date | null) {
    return db
      .updateTable('inbox_messages')
      .set({ read_at: readAt })
      .where('id', '=', Number(id))
      .where('user_id', '=', Number(userId))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  markAllRead(db: Executor, userId: number, at: Date) {
    return db
      .updateTable('inbox_messages')
      .set({ read_at: at })
      .where('user_id', '=', Number(userId))
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  softDelete(db: Executor, userId: number, id: number, at: Date) {
    return db
      .updateTable('inbox_messages')
      .set({ deleted_at: at })
      .where('id', '=', Number(id))
      .where('user_id', '=', Number(userId))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /**
   * One notice to every member of a segment, in one INSERT … SELECT (a million members is one
   * statement, not a million round trips). `depositors`: members who ever had points credited by
   * a deposit or a PIN; `recent`: members with an order in the last 30 days.
   */
  insertNotice(
    db: Executor,
    notice: { cause: string; segment: 'all' | 'depositors' | 'recent'; params: Record<string, unknown>; link: string | null; at: Date },
  ) {
    const segment =
      notice.segment === 'depositors'
        ? sql`and exists (select 1 from ledger l where l.user_id = u.id and l.kind in ('deposit', 'pin'))`
        : notice.segment === 'recent'
          ? sql`and exists (select 1 from orders o where o.user_id = u.id and o.created_at > ${new Date(notice.at.getTime() - 30 * 86_400_000)})`
          : sql``;
    return sql<{ count: string }>`
      with inserted as (
        insert into inbox_messages (user_id, kind, cause, params, link)
        select u.id, 'notice', ${notice.cause}, ${JSON.stringify(notice.params)}::jsonb, ${notice.link}
          from users u where u.role = 'member' ${segment}
        on conflict (user_id, cause) do nothing
        returning 1)
      select count(*)::text as count from inserted`.execute(db);
  },

  /** Who of `userIds` wants which kinds by email, with the address to send to. */
  emailWishes(db: Executor, userIds: readonly number[]) {
    return db
      .selectFrom('notification_preferences as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.user_id', 'p.email_kinds', 'u.email', 'u.locale'])
      .where('p.user_id', 'in', userIds.map(Number))
      .execute();
  },

  preferences(db: Executor, userId: number) {
    return db.selectFrom('notification_preferences').select('email_kinds').where('user_id', '=', Number(userId)).executeTakeFirst();
  },

  savePreferences(db: Executor, userId: number, emailKinds: readonly string[], at: Date) {
    return db
      .insertInto('notification_preferences')
      .values({ user_id: Number(userId), email_kinds: JSON.stringify(emailKinds), updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_kinds: JSON.stringify(emailKinds), updated_at: at }))
      .execute();
  },
};
