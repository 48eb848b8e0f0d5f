import { type Kysely, sql } from 'kysely';

/**
 * Issue 11: a member's unread count in O(1). Every inbox message pushes the member's new unread
 * count, and counting their unread messages (even through `inbox_messages_unread`) costs one index
 * entry per unread message: a member who lets results pile up made each new message dearer, and a
 * draw of a million orders over a thousand members counted hundreds of millions of entries.
 *
 * `inbox_unread` keeps the count per member, kept by triggers on `inbox_messages` itself, so every
 * write — the services', a back-office notice, a retention job, a hand-made fix — moves it in the
 * same statement, and it cannot drift from the messages. The triggers are per statement, over
 * the rows the statement changed (transition tables): a batch of messages is one counter update
 * per member, and members are updated in id order, as wallets are, so two transactions sharing
 * members queue instead of deadlocking. A message is unread while `read_at` and `deleted_at` are
 * both null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table inbox_unread (
      user_id bigint primary key references users (id) on delete cascade,
      unread integer not null check (unread >= 0)
    )`.execute(db);

  // The members of the messages that became unread (`gained`, one entry per message) and of those
  // that stopped being unread (`lost`). A decrease only ever meets a row that exists (the messages
  // it counts were counted into it); an increase may create one. Rows are locked in member order,
  // as the wallets are: first every row a decrease touches (with the others of the statement),
  // then the increases insert in member order. (A decrease cannot go through ON CONFLICT: an
  // insert's CHECK applies to the row it proposes.)
  await sql`
    create function inbox_unread_add(gained bigint[], lost bigint[]) returns void language plpgsql as $$
    begin
      if cardinality(lost) > 0 then
        perform 1 from inbox_unread u where u.user_id = any(gained || lost) order by u.user_id for update;
      end if;
      with changes as (
        select user_id, sum(change)::int as delta
          from (select unnest(gained) as user_id, 1 as change union all select unnest(lost), -1) c
         group by user_id
      ),
      decreased as (
        update inbox_unread u set unread = u.unread + d.delta from changes d where u.user_id = d.user_id and d.delta < 0
      )
      insert into inbox_unread (user_id, unread)
      select user_id, delta from changes where delta > 0 order by user_id
      on conflict (user_id) do update set unread = inbox_unread.unread + excluded.unread;
    end $$`.execute(db);

  // Unread: neither read nor deleted.
  const unread = (rows: 'new_rows' | 'old_rows') => sql.raw(`array(select user_id from ${rows} where read_at is null and deleted_at is null)`);
  await sql`create function inbox_unread_on_insert() returns trigger language plpgsql as $$ begin perform inbox_unread_add(${unread('new_rows')}, '{}'); return null; end $$`.execute(db);
  await sql`create function inbox_unread_on_update() returns trigger language plpgsql as $$ begin perform inbox_unread_add(${unread('new_rows')}, ${unread('old_rows')}); return null; end $$`.execute(db);
  await sql`create function inbox_unread_on_delete() returns trigger language plpgsql as $$ begin perform inbox_unread_add('{}', ${unread('old_rows')}); return null; end $$`.execute(db);

  await sql`create trigger inbox_unread_insert after insert on inbox_messages referencing new table as new_rows for each statement execute function inbox_unread_on_insert()`.execute(db);
  await sql`create trigger inbox_unread_update after update on inbox_messages referencing old table as old_rows new table as new_rows for each statement execute function inbox_unread_on_update()`.execute(db);
  await sql`create trigger inbox_unread_delete after delete on inbox_messages referencing old table as old_rows for each statement execute function inbox_unread_on_delete()`.execute(db);

  // The counts so far (the triggers count from here on; a migration runs alone).
  await sql`
    insert into inbox_unread (user_id, unread)
    select user_id, count(*) from inbox_messages where read_at is null and deleted_at is null group by user_id`.execute(db);

  // 0016's index of unread messages served only the counting: one index entry less per message
  // written, and marking a message read no longer touches an index.
  await sql`drop index inbox_messages_unread`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index inbox_messages_unread on inbox_messages (user_id) where read_at is null and deleted_at is null`.execute(db);
  await sql`drop trigger inbox_unread_insert on inbox_messages`.execute(db);
  await sql`drop trigger inbox_unread_update on inbox_messages`.execute(db);
  await sql`drop trigger inbox_unread_delete on inbox_messages`.execute(db);
  await sql`drop function inbox_unread_on_insert, inbox_unread_on_update, inbox_unread_on_delete, inbox_unread_add(bigint[], bigint[])`.execute(db);
  await sql`drop table inbox_unread`.execute(db);
}
