import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxRepo, type NewInboxMessage } from '../../src/inbox/repo.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { insertMembers } from '../support/members.ts';
import { testPlatform } from '../support/platform.ts';

/**
 * The unread counts kept by triggers on `inbox_messages` (migration 0017): whatever writes the
 * messages, each member's count must equal what counting their unread messages gives, and
 * transactions writing messages of the same members must queue, never deadlock.
 */
describe('inbox unread counts (inbox_unread)', () => {
  let platform: Platform;
  let members: number[];
  beforeAll(async () => {
    platform = await testPlatform('embedded');
    members = await insertMembers(platform, 'unread', 20);
  });
  afterAll(() => platform.close());

  /** Each member's count as kept, and as counting their messages gives it (0 for none). */
  async function kept() {
    const counts = new Map((await inboxRepo.unreadCounts(platform.db, members)).map((row) => [row.user_id, Number(row.unread)]));
    return members.map((id) => counts.get(id) ?? 0);
  }
  async function counted() {
    const { rows } = await sql<{ user_id: number; n: number }>`
      select user_id, count(*)::int as n from inbox_messages where read_at is null and deleted_at is null group by user_id`.execute(platform.db);
    const counts = new Map(rows.map((row) => [row.user_id, row.n]));
    return members.map((id) => counts.get(id) ?? 0);
  }
  const message = (userId: number, cause: string): NewInboxMessage => ({ userId, kind: 'order_purchased', cause, params: {}, link: null });
  const idsOf = async (userId: number) => (await platform.db.selectFrom('inbox_messages').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.id);

  it('follows every way a message is written, read, unread, deleted or removed', async () => {
    const [a, b, c] = members as [number, number, number];
    await inboxRepo.insertMany(platform.db, [message(a, 'a1'), message(a, 'a2'), message(a, 'a3'), message(b, 'b1')]);
    await inboxRepo.insertMany(platform.db, [message(a, 'a1'), message(b, 'b2')]); // a1 again: nothing new
    expect((await kept()).slice(0, 3)).toEqual([3, 2, 0]);

    const [a1, a2, a3] = await idsOf(a);
    await inboxRepo.setRead(platform.db, a, a1!, new Date());
    await inboxRepo.setRead(platform.db, a, a1!, new Date()); // read twice: one decrease
    await inboxRepo.setRead(platform.db, a, a2!, new Date());
    await inboxRepo.setRead(platform.db, a, a2!, null); // unread again
    await inboxRepo.softDelete(platform.db, a, a3!, new Date());
    await inboxRepo.softDelete(platform.db, a, a1!, new Date()); // a read one: no change
    expect((await kept()).slice(0, 3)).toEqual([1, 2, 0]);

    await inboxRepo.markAllRead(platform.db, b, new Date());
    await inboxRepo.insertNotice(platform.db, { cause: 'notice-1', segment: 'all', params: { title: 't', body: 'b' }, link: null, at: new Date() });
    expect((await kept()).slice(0, 3)).toEqual([2, 1, 1]);

    // Removed outright (a retention job, a hand-made fix): the count follows too.
    await sql`delete from inbox_messages where user_id = ${c}::bigint`.execute(platform.db);
    expect(await kept()).toEqual(await counted());
    expect((await kept())[2]).toBe(0);
  });

  it('stays exact when transactions write messages of the same members at once, in opposite orders, and none deadlocks', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, t) =>
        platform.db.transaction().execute(async (trx) => {
          const order = t % 2 ? [...members].reverse() : members;
          for (let i = 0; i < 3; i++) await inboxRepo.insertMany(trx, order.map((id) => message(id, `race-${t}-${i}`)));
          await inboxRepo.markAllRead(trx, order[t]!, new Date());
        }),
      ),
    );
    expect(rounds).toHaveLength(8);
    expect(await kept()).toEqual(await counted());
  });
});
