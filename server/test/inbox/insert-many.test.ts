import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxRepo, type NewInboxMessage } from '../../src/inbox/repo.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { insertMembers } from '../support/members.ts';
import { testPlatform } from '../support/platform.ts';

/**
 * `inboxRepo.insertMany` writes a large batch plainly and falls back to ON CONFLICT only when a
 * message exists already (migration 0018 and the repo's comment): whichever way it goes, a message
 * is written once, the call returns exactly the messages it added, and the unread counts follow.
 */
describe('inbox messages written in large batches', () => {
  let platform: Platform;
  let members: number[];
  beforeAll(async () => {
    platform = await testPlatform('embedded');
    members = await insertMembers(platform, 'insert-many', 4);
  });
  afterAll(() => platform.close());

  /** `count` messages spread over the members, causes `<prefix>-0` … */
  const batch = (prefix: string, count: number, from = 0): NewInboxMessage[] =>
    Array.from({ length: count }, (_, i) => ({ userId: members[(from + i) % members.length]!, kind: 'draw_result', cause: `${prefix}-${from + i}`, params: { n: from + i }, link: null }));
  const stored = async (prefix: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from inbox_messages where cause like ${`${prefix}-%`}`.execute(platform.db)).rows[0]!.n;
  const countsMatch = async () => {
    const kept = (await inboxRepo.unreadCounts(platform.db, members)).map((row) => [String(row.user_id), Number(row.unread)] as const);
    const { rows } = await sql<{ user_id: number; n: number }>`
      select user_id, count(*)::int as n from inbox_messages where read_at is null and deleted_at is null and user_id = any(${members.map(Number)}::bigint[]) group by user_id`.execute(platform.db);
    expect(new Map(kept)).toEqual(new Map(rows.map((row) => [String(row.user_id), row.n])));
  };

  it('adds only the messages not written yet, even when the batch repeats one, and says which', async () => {
    const first = await platform.db.transaction().execute((trx) => inboxRepo.insertMany(trx, batch('big', 300)));
    expect(first).toHaveLength(300);

    // 200 already written, 150 new, and one of the new ones twice in the same batch.
    const again = [...batch('big', 350, 100), batch('big', 1, 420)[0]!];
    const second = await platform.db.transaction().execute((trx) => inboxRepo.insertMany(trx, again));
    expect(second).toHaveLength(150);
    expect(second.every((row) => row.kind === 'draw_result')).toBe(true);
    expect(await stored('big')).toBe(450);
    await countsMatch();
  });

  it('writes each message once when two transactions write the same batch at once', async () => {
    const messages = batch('race', 400);
    const written = await Promise.all([0, 1, 2].map(() => platform.db.transaction().execute((trx) => inboxRepo.insertMany(trx, messages))));
    expect(written.map((rows) => rows.length).reduce((a, b) => a + b, 0)).toBe(400);
    expect(await stored('race')).toBe(400);
    await countsMatch();
  });

  it('keeps the rest of the transaction when it falls back', async () => {
    await platform.db.transaction().execute(async (trx) => {
      await sql`update users set name = 'kept' where id = ${members[0]}::bigint`.execute(trx);
      await inboxRepo.insertMany(trx, batch('big', 120)); // all written already: refused, then skipped
    });
    const { rows } = await sql<{ name: string }>`select name from users where id = ${members[0]}::bigint`.execute(platform.db);
    expect(rows[0]!.name).toBe('kept');
  });

  it('removes a member’s messages and count with the member', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into users (name, email, password_hash, role, locale, promo_opt_in) values ('gone', 'gone@insert-many.test', 'x', 'member', 'en', false) returning id`.execute(platform.db);
    const gone = rows[0]!.id;
    await inboxRepo.insertMany(platform.db, Array.from({ length: 150 }, (_, i) => ({ userId: gone, kind: 'notice', cause: `gone-${i}`, params: {}, link: null })));
    expect(await stored('gone')).toBe(150);
    await sql`delete from users where id = ${gone}::bigint`.execute(platform.db);
    expect(await stored('gone')).toBe(0);
    expect(await inboxRepo.unreadCounts(platform.db, [gone])).toEqual([]);
  });
});
