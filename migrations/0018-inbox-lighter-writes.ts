import { type Kysely, sql } from 'kysely';

/**
 * Issue 11: an inbox message costs less to write. Settling a draw writes one per order (a million
 * for a million-order draw), and each purchase writes one too. Measured on 2,000-message pages on
 * this machine: 53–70 ms with the 0013 shape, 41 ms after these two changes, 29 ms once the
 * insert also skips ON CONFLICT when no message repeats (inbox/repo.ts `insertMany`).
 *
 * - **One index fewer.** The primary key becomes (user_id, id) and serves the inbox page
 *   (`where user_id = … order by id desc`, a backward scan) and every by-id change (they all name
 *   the member too), so `inbox_messages_page` goes. Deleted messages are filtered on the way; a
 *   member deletes few.
 * - **No per-row check against `users`.** The foreign key cost a lookup and a row lock in `users`
 *   for every message (18 ms of a 2,000-message page). Every writer takes the member from a row
 *   that already references `users` (an order, a deposit, a support thread) or from `users` itself
 *   (a notice), and no member is ever deleted (orders reference members without a cascade). The
 *   cascade the key had is kept by a statement trigger on `users`, so deleting a member still
 *   removes their messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inbox_messages drop constraint inbox_messages_user_id_fkey`.execute(db);
  await sql`alter table inbox_messages drop constraint inbox_messages_pkey`.execute(db);
  await sql`alter table inbox_messages add constraint inbox_messages_pkey primary key (user_id, id)`.execute(db);
  await sql`drop index inbox_messages_page`.execute(db);
  await sql`
    create function inbox_messages_of_deleted_members() returns trigger language plpgsql as $$
    begin
      delete from inbox_messages m using gone where m.user_id = gone.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger inbox_messages_of_deleted_members after delete on users
      referencing old table as gone for each statement execute function inbox_messages_of_deleted_members()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger inbox_messages_of_deleted_members on users`.execute(db);
  await sql`drop function inbox_messages_of_deleted_members()`.execute(db);
  await sql`create index inbox_messages_page on inbox_messages (user_id, id desc) where deleted_at is null`.execute(db);
  await sql`alter table inbox_messages drop constraint inbox_messages_pkey`.execute(db);
  await sql`alter table inbox_messages add constraint inbox_messages_pkey primary key (id)`.execute(db);
  await sql`alter table inbox_messages add constraint inbox_messages_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(db);
}
