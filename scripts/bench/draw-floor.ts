/**
 * The machine's floor for settling one draw, printed by `npm run bench -- --million` (and
 * `--draw N`) after the real draw, on as many orders: the writes a settled draw needs — each
 * order's settlement recorded on it (prize, outcome, `settled_at`), its owner's "draw result"
 * inbox message, and each winner's prize posted (ledger row, wallet moved) — each made for all the
 * orders by bare set-based statements, one per core, with nothing read into a process, computed or
 * pushed. What the real settlement takes beyond their sum is its own cost; the sum itself is what
 * this machine's PostgreSQL needs, whatever the code around it does. One more line gives the
 * settlement written insert-only to a table of its own instead of updating the order (a data
 * model the platform does not have), to show what that change could win at most.
 */
import { sql } from 'kysely';
import type { Db } from '../../server/src/db/database.ts';
import { machineCpu } from './orders-platform.ts';

/** Member ids split in two halves that share no member, as the settlement's lanes do (no wait on each other's wallets and unread counts). */
const halvesOf = (userIds: readonly number[]) => [userIds.filter((_, i) => i % 2 === 0), userIds.filter((_, i) => i % 2 === 1)];

/**
 * Makes `count` purchased orders of a new draw (half of them for each half of the members, in
 * two runs of ids), then times the bare writes over them. `outcome` is a settled order's
 * `draw_result` of the real draw (its median size), so each row grows as a real settlement's does;
 * `winners` is the real draw's number of winners, each credited 1 GP here with its ledger row (the
 * books stay equal: each wallet moves by its postings).
 */
export async function benchDrawFloor(db: Db, userIds: readonly number[], count: number, winners: number, outcome: string) {
  const at = new Date();
  const draw = await db
    .insertInto('draws')
    .values({
      product_code: 'TWB01',
      issue: `bench-floor-${Date.now()}`,
      sales_open_at: at,
      sales_close_at: at,
      draw_at: at,
      seed: 'floor',
      seed_hash: 'floor',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drawId = String(draw.id);
  const halves = halvesOf(userIds);
  const perHalf = Math.ceil(count / 2);
  const ranges: Array<{ from: string; to: string }> = [];
  for (const members of halves) {
    const { rows } = await sql<{ from: string; to: string }>`
      with made as (
        insert into orders (user_id, product_code, issue, draw_id, status, trial, multiplier, plays, units, points_spent, stake, sales_close_at)
        select (${`{${members.join(',')}}`}::bigint[])[1 + g % ${members.length}::int], 'TWB01', 'bench-floor', ${drawId}::bigint, 2, false, 1,
               '[{"type":"pick","stars":3,"numbers":[7,19,64]}]'::jsonb, 1, 100, '{"amount":2500,"currency":"TWD"}'::jsonb, ${at}::timestamptz
          from generate_series(0, ${perHalf - 1}::int) g
        returning id
      )
      select min(id)::text as "from", max(id)::text as "to" from made`.execute(db);
    ranges.push(rows[0]!);
  }
  await sql`vacuum analyze orders`.execute(db);
  const orders = perHalf * 2;

  const timed = async (label: string, write: (range: { from: string; to: string }) => Promise<unknown>) => {
    await sql`checkpoint`.execute(db); // each write starts from clean pages, as a draw after a quiet spell does
    const before = machineCpu();
    const start = process.hrtime.bigint();
    await Promise.all(ranges.map(write));
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpu = (machineCpu().busy - before.busy) / 100; // USER_HZ ticks
    console.log(`${`  floor: ${label}`.padEnd(58)} ${seconds.toFixed(1).padStart(7)} s   (${Math.round((cpu / orders) * 1e6)} µs of CPU an order)`);
    return seconds;
  };
  const settled = await timed('each order settled, two UPDATEs', ({ from, to }) =>
    sql`update orders set prize = 0, draw_result = ${outcome}::jsonb, settled_at = now(), updated_at = now()
         where id between ${from}::bigint and ${to}::bigint and draw_id = ${drawId}::bigint and settled_at is null`.execute(db),
  );
  const announced = await timed("each order's inbox message, two INSERTs", ({ from, to }) =>
    sql`insert into inbox_messages (user_id, kind, cause, params, link)
        select user_id, 'draw_result', 'order-' || id || '-result', jsonb_build_object('orderId', id::text, 'won', false, 'prize', 0), '/orders?order=' || id
          from orders where id between ${from}::bigint and ${to}::bigint`.execute(db),
  );
  // As creditsQuery posts a page's prizes: each wallet moved once by its total, a ledger row per prize with its running balance.
  const credited = await timed(`${winners.toLocaleString('en-US')} winners credited, two statements`, ({ from, to }) =>
    sql`with won as (
          select id, user_id, 100::bigint as amount from orders
           where id between ${from}::bigint and ${to}::bigint order by id limit ${Math.ceil(winners / 2)}
        ), totals as (
          select user_id, sum(amount) as total from won group by user_id
        ), moved as (
          update wallets w set balance = w.balance + t.total, updated_at = now() from totals t
           where w.user_id = t.user_id returning w.user_id, w.balance - t.total as before
        )
        insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
        select won.user_id, 'real', 'prize', won.amount, m.before + sum(won.amount) over (partition by won.user_id order by won.id), 'bench-floor', won.id::text
          from won join moved m on m.user_id = won.user_id`.execute(db),
  );
  await sql`create table bench_floor_settlements (order_id bigint primary key, prize bigint not null, draw_result jsonb not null, settled_at timestamptz not null)`.execute(
    db,
  );
  const inserted = await timed('each settlement inserted instead, two INSERTs', ({ from, to }) =>
    sql`insert into bench_floor_settlements select id, 0, ${outcome}::jsonb, now() from orders where id between ${from}::bigint and ${to}::bigint`.execute(db),
  );
  await sql`drop table bench_floor_settlements`.execute(db);
  const total = (seconds: number) => `${seconds.toFixed(1).padStart(7)} s`;
  console.log(`${`  floor: all three, ${orders.toLocaleString('en-US')} orders`.padEnd(58)} ${total(settled + announced + credited)}`);
  console.log(`${'  floor: all three, the settlement inserted instead'.padEnd(58)} ${total(inserted + announced + credited)}`);
}

/** A settled order's outcome of median size in `drawId`: what each floor row is given. */
export async function medianOutcome(db: Db, drawId: number): Promise<string> {
  const { rows } = await sql<{ outcome: string }>`
    select draw_result::text as outcome from orders where draw_id = ${drawId}::bigint and draw_result is not null
     order by pg_column_size(draw_result) offset (select count(*) / 2 from orders where draw_id = ${drawId}::bigint) limit 1`.execute(db);
  return rows[0]?.outcome ?? '{}';
}
