import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../src/db/types.ts';
import { runSchedulingPass } from '../../src/games/keno/jobs.ts';
import { ordersRepo } from '../../src/orders/repo.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { openIssue, SLOW_CAB01 } from './support.ts';

/**
 * `ordersRepo.transitionMany`, the purchase worker's status move for a batch (one statement): it
 * must move each order only from the status its lock saw, wait for a row another transaction
 * holds, and never deadlock with another batch over the same orders.
 */
describe('ordersRepo.transitionMany (a batch of status moves in one statement)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let userId: string;
  let draw: { id: string; issue: string; sales_close_at: Date };
  beforeAll(async () => {
    env = await testServer('embedded', SLOW_CAB01, 'api');
    await runSchedulingPass(env.platform, env.services.keno);
    userId = (await newMember(env.services, 'Batch')).id;
    draw = await openIssue(env.platform, 5_000);
  });
  afterAll(() => env.stop());

  /** `statuses.length` orders of the member, made by SQL in these statuses; their ids in order. */
  async function ordersIn(statuses: OrderStatus[]): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      insert into orders (user_id, product_code, issue, draw_id, status, trial, multiplier, plays, units, points_spent, stake, sales_close_at)
      select ${userId}::bigint, 'CAB01', ${draw.issue}, ${draw.id}::bigint, s, false, 1,
             '[{"type":"pick","stars":2,"numbers":[1,2]}]'::jsonb, 1, 100, '{"amount":100,"currency":"CAD"}'::jsonb, ${draw.sales_close_at}::timestamptz
        from unnest(${statuses}::smallint[]) with ordinality as t(s, n) order by n
      returning id`.execute(env.platform.db);
    return rows.map((row) => String(row.id));
  }
  const statusOf = async (ids: string[]) =>
    (await env.platform.db.selectFrom('orders').select(['id', 'status', 'ticket_ref']).where('id', 'in', ids.map(Number)).orderBy('id').execute()).map((o) => [o.status, o.ticket_ref]);
  const historyOf = (ids: string[]) => env.platform.db.selectFrom('order_status_history').select(['order_id', 'from', 'to', 'reason']).where('order_id', 'in', ids.map(Number)).orderBy('order_id').orderBy('id').execute();
  const move = (moves: Array<{ id: string; extra?: { ticket_ref?: string; purchased_at?: Date } }>, from: OrderStatus[], to: OrderStatus) =>
    env.platform.db.transaction().execute((trx) => ordersRepo.transitionMany(trx, moves.map((m) => ({ ...m, id: Number(m.id) })), from, to, `moved to ${to}`, new Date()));

  it('moves only the orders still in `from`, each with its own extra and one history row, and says which status each left', async () => {
    const ids = await ordersIn([0, 1, 2, 9]);
    const moved = await move(ids.map((id, i) => ({ id, ...(i === 1 ? { extra: { ticket_ref: 'T-1', purchased_at: new Date() } } : {}) })), [0, 1], 2);
    expect(moved.map((m) => [String(m.row.id), m.prevStatus, m.row.status, String(m.row.user_id)])).toEqual([
      [ids[0], 0, 2, userId],
      [ids[1], 1, 2, userId],
    ]);
    expect(await statusOf(ids)).toEqual([[2, null], [2, 'T-1'], [2, null], [9, null]]);
    expect((await historyOf(ids)).map((h) => [String(h.order_id), h.from, h.to])).toEqual([
      [ids[0], 0, 2],
      [ids[1], 1, 2],
    ]);
    expect(await move([{ id: ids[3]! }], [0, 1], 2)).toEqual([]);
  });

  it('waits for a row another transaction holds, then moves it only if that transaction left it in `from`', async () => {
    const [refunded, kept, free] = await ordersIn([0, 0, 0]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => (holding = resolve));
    // Another transaction (the timeout) holds two of the rows: it refunds one and leaves the other.
    const other = env.platform.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ status: 9 }).where('id', '=', Number(refunded!)).execute();
      await trx.selectFrom('orders').select('id').where('id', '=', Number(kept!)).forUpdate().execute();
      holding();
      await held;
    });
    await locked;
    const batch = move([{ id: free! }, { id: kept! }, { id: refunded! }], [0], 1);
    await eventually('the batch to wait on a held row', async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%order-transitions%'`.execute(env.platform.db);
      return rows[0]!.n > 0 || undefined;
    });
    release();
    await other;
    expect((await batch).map((m) => [String(m.row.id), m.prevStatus])).toEqual([
      [kept, 0],
      [free, 0],
    ]);
    // In id order: the refunded one stayed refunded, the other two moved.
    expect(await statusOf([refunded!, kept!, free!])).toEqual([[9, null], [1, null], [1, null]]);
  });

  it('two batches over the same orders, listed in opposite orders, never deadlock: each order moves once', async () => {
    // With many orders in the status moved from, PostgreSQL looks each listed order up in the list's
    // order (checked with EXPLAIN), not the table's: only the statement's own lock order saves it.
    await ordersIn(Array.from({ length: 20_000 }, () => 2 as const));
    await sql`analyze orders`.execute(env.platform.db);
    const deadlocks = async () => Number((await sql<{ n: string }>`select deadlocks as n from pg_stat_database where datname = current_database()`.execute(env.platform.db)).rows[0]!.n);
    const before = await deadlocks();
    for (let round = 0; round < 4; round++) {
      const ids = await ordersIn(Array.from({ length: 40 }, () => 2 as const));
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => move((i % 2 ? [...ids].reverse() : ids).map((id) => ({ id })), [2], 9)));
      expect(results.flat().map((m) => String(m.row.id)).sort()).toEqual([...ids].sort());
      expect(await historyOf(ids)).toHaveLength(40);
    }
    expect(await deadlocks()).toBe(before);
  }, 60_000);
});
