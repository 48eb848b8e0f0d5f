import { type Kysely, sql } from 'kysely';

/**
 * Issue 11: a member's unread count without reading their whole inbox. Every inbox message pushes
 * the new unread count (inbox/repo.ts `unreadCounts`), and with only `inbox_messages_page` that
 * count visited every message the member ever kept, read or not: years of orders made each new
 * "purchased" message slower. This index holds only the unread ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index inbox_messages_unread on inbox_messages (user_id) where read_at is null and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index inbox_messages_unread`.execute(db);
}
