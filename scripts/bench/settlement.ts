/**
 * Settlement throughput: the pure function (`common/settle`, tickets/s on one core) and end to end
 * through the database (one draw's purchased orders settled, prizes credited through the wallet,
 * events published on an in-process bus). `benchMillionDraw` does the same for one draw of
 * 1,000,000 orders (`npm run bench -- --million`).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { applyDrawCaps, kenoPrizes, kenoProduct, packKenoTickets, prepareKenoDraw, settleKenoTicket, type KenoPlay, type KenoTicket } from '@gp/common';
import { autoNumbers } from '../../server/src/orders/service.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import { walletService } from '../../server/src/wallet/service.ts';
import { createMemoryBus } from '../../server/src/platform/event-bus.ts';
import { createLogger } from '../../server/src/platform/logger.ts';
import { createOutbox } from '../../server/src/platform/outbox.ts';
import { createQueueFactory } from '../../server/src/platform/queues.ts';
import { createSettlementService } from '../../server/src/settlement/service.ts';
import { createInboxService } from '../../server/src/inbox/service.ts';
import { machineCpu } from './orders-platform.ts';

const TWB01 = kenoProduct('TWB01')!;
const pick = (count: number) => autoNumbers(count, 80);

/** A mix like a real draw's: a pick of 1–10 stars, sometimes a side bet, sometimes super numbers. */
function randomTicket(): KenoTicket {
  const stars = crypto.randomInt(1, 11);
  const plays: KenoPlay[] = [{ type: 'pick', stars, numbers: pick(stars) }];
  if (crypto.randomInt(2)) plays.push({ type: 'bigSmall', pick: crypto.randomInt(2) ? 'big' : 'small' });
  if (crypto.randomInt(2)) plays.push({ type: 'oddEven', pick: crypto.randomInt(2) ? 'odd' : 'even' });
  if (crypto.randomInt(3) === 0) plays.push({ type: 'superNumber', numbers: pick(crypto.randomInt(1, 4)) });
  return { multiplier: crypto.randomInt(1, 6), plays };
}
const randomDraw = () => ({ numbers: pick(20) });

type Timed = (label: string, operations: number, work: () => Promise<void>) => Promise<void>;

export async function benchSettlement(db: Db, connectionString: string, userIds: string[], timed: Timed) {
  const tickets = Array.from({ length: 200_000 }, randomTicket);
  const draw = randomDraw();
  let settlements: ReturnType<typeof settleKenoTicket>[] = [];
  await timed('keno settlement, pure (settleKenoTicket), one core', tickets.length, async () => {
    settlements = tickets.map((ticket) => settleKenoTicket(TWB01, ticket, draw));
  });
  await timed('keno per-draw caps (applyDrawCaps) over those tickets', tickets.length, async () => {
    applyDrawCaps(TWB01, settlements);
  });
  // The same tickets as bit sets (common/settle/keno-bits.ts): packed once, then prizes for the
  // draw by popcount and table lookup; the best of five passes over 5 × 200,000 tickets.
  const prepared = prepareKenoDraw(TWB01, draw.numbers);
  const packed = packKenoTickets(TWB01, Array.from({ length: 5 }, () => tickets).flat(), prepared);
  const prizes = new Float64Array(packed.count);
  let best = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const start = process.hrtime.bigint();
    kenoPrizes(prepared, packed, prizes);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  const agree = settlements.every((settlement, i) => settlement.prize.amount === prizes[i]);
  console.log(`${'keno prizes as bit sets (kenoPrizes), one core, best of 5'.padEnd(58)} ${String(Math.round(packed.count / best)).padStart(7)} /s   (${packed.count} in ${best.toFixed(3)} s; ${agree ? 'equal to settleKenoTicket ✓' : 'DIFFERENT from settleKenoTicket ✗'})`);

  const orders = 20_000;
  const at = new Date();
  const seed = crypto.randomBytes(32).toString('hex');
  const row = await db
    .insertInto('draws')
    .values({ product_code: 'TWB01', issue: `bench-${Date.now()}`, sales_open_at: at, sales_close_at: at, draw_at: at, seed, seed_hash: crypto.createHash('sha256').update(seed).digest('hex') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drawId = String(row.id);
  for (let i = 0; i < orders; i += 2000) {
    await db
      .insertInto('orders')
      .values(
        tickets.slice(i, Math.min(i + 2000, orders)).map((ticket, j) => ({
          user_id: userIds[(i + j) % userIds.length]!,
          product_code: 'TWB01',
          issue: 'bench',
          draw_id: drawId,
          status: 2 as const,
          trial: false,
          multiplier: ticket.multiplier,
          plays: JSON.stringify(ticket.plays),
          units: 3,
          points_spent: 300,
          stake: JSON.stringify({ amount: 7500, currency: 'TWD' }),
          sales_close_at: at,
        })),
      )
      .execute();
  }
  const result = { numbers: draw.numbers, superNumber: draw.numbers.at(-1)!, bigSmall: null, oddEven: null };
  await db.updateTable('draws').set({ status: 'drawn', result: JSON.stringify(result), result_source: 'simulated', drawn_at: at }).where('id', '=', drawId).execute();

  const config = loadConfig({ JWT_SECRET: crypto.randomBytes(32).toString('hex') });
  const logger = createLogger('silent');
  const now = () => new Date();
  const queues = await createQueueFactory({ kind: 'postgres', connectionString }, logger);
  const outbox = createOutbox({ db, queues, bus: createMemoryBus(), logger, now });
  const settlement = createSettlementService({ db, outbox, now, config, logger });
  let outcome: Awaited<ReturnType<typeof settlement.settleDraw>> | undefined;
  await timed('keno settlement end to end (DB, wallet credit, events through the outbox)', orders, async () => {
    outcome = await settlement.settleDraw(drawId);
    await outbox.drain();
  });
  await outbox.close();
  await queues.close();
  if (outcome?.status === 'settled') console.log(`${''.padEnd(58)} ${outcome.winners} winners, ${outcome.points} GP hundredths credited`);
}

/**
 * One draw with `count` (1,000,000) purchased orders settled, credited and announced end to end
 * through the real settlement service and outbox, as above. The orders are made by SQL
 * (`insert … select generate_series`, tickets drawn from 10,000 random ones) with their books:
 * each member first gets a deposit through the wallet service that covers its share, then every
 * order is debited by an `order` ledger row (balance_after from a running sum) and the wallets by
 * the total, in one transaction, so ledger = balance holds before and after the settlement.
 */
export async function benchMillionDraw(db: Db, connectionString: string, userIds: string[], timed: Timed, count = 1_000_000) {
  const POINTS = 300;
  const at = new Date();
  const seed = crypto.randomBytes(32).toString('hex');
  const draw = randomDraw();
  const row = await db
    .insertInto('draws')
    .values({ product_code: 'TWB01', issue: `bench-million-${Date.now()}`, sales_open_at: at, sales_close_at: at, draw_at: at, seed, seed_hash: crypto.createHash('sha256').update(seed).digest('hex') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drawId = String(row.id);

  const setupStart = process.hrtime.bigint();
  const perUser = Math.ceil(count / userIds.length);
  for (const userId of userIds) {
    await db.transaction().execute((trx) =>
      walletService.credit(trx, { userId, account: 'real', kind: 'deposit', amount: perUser * POINTS, refType: 'bench-million', refId: `${drawId}-${userId}` }),
    );
  }
  const tickets = Array.from({ length: 10_000 }, randomTicket);
  await db.transaction().execute(async (trx) => {
    await sql`create temporary table bench_tickets (k int primary key, multiplier int not null, plays jsonb not null) on commit drop`.execute(trx);
    for (let i = 0; i < tickets.length; i += 2000) {
      const values = sql.join(tickets.slice(i, i + 2000).map((t, j) => sql`(${i + j}, ${t.multiplier}, ${JSON.stringify(t.plays)}::jsonb)`));
      await sql`insert into bench_tickets (k, multiplier, plays) values ${values}`.execute(trx);
    }
    const users = `{${userIds.join(',')}}`;
    await sql`
      insert into orders (user_id, product_code, issue, draw_id, status, trial, multiplier, plays, units, points_spent, stake, sales_close_at)
      select (${users}::bigint[])[1 + g % ${userIds.length}::int], 'TWB01', 'bench-million', ${drawId}::bigint, 2, false, t.multiplier, t.plays, 3, ${POINTS}::bigint,
             '{"amount":7500,"currency":"TWD"}'::jsonb, ${at}::timestamptz
        from generate_series(0, ${count - 1}::int) g
        join bench_tickets t on t.k = g % ${tickets.length}::int`.execute(trx);
    // Each order debited once, in id order per member: the ledger's balance_after is a running sum.
    await sql`
      insert into ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
      select o.user_id, 'real', 'order', -o.points_spent,
             w.balance - sum(o.points_spent) over (partition by o.user_id order by o.id), 'order', o.id::text
        from orders o join wallets w on w.user_id = o.user_id
       where o.draw_id = ${drawId}::bigint`.execute(trx);
    await sql`
      update wallets w set balance = w.balance - s.total, updated_at = now()
        from (select user_id, sum(points_spent) as total from orders where draw_id = ${drawId}::bigint group by user_id) s
       where w.user_id = s.user_id`.execute(trx);
  });
  await sql`analyze orders`.execute(db); // what autovacuum would do after a million new rows
  await sql`analyze ledger`.execute(db);
  const setupSeconds = Number(process.hrtime.bigint() - setupStart) / 1e9;
  console.log(`${`${count.toLocaleString('en-US')} orders of one draw made by SQL, debited in the ledger`.padEnd(58)} ${setupSeconds.toFixed(1).padStart(7)} s`);

  const result = { numbers: draw.numbers, superNumber: draw.numbers.at(-1)!, bigSmall: null, oddEven: null };
  await db.updateTable('draws').set({ status: 'drawn', result: JSON.stringify(result), result_source: 'simulated', drawn_at: at }).where('id', '=', drawId).execute();

  const config = loadConfig({ JWT_SECRET: crypto.randomBytes(32).toString('hex') });
  const logger = createLogger('silent');
  const now = () => new Date();
  const queues = await createQueueFactory({ kind: 'postgres', connectionString }, logger);
  const outbox = createOutbox({ db, queues, bus: createMemoryBus(), logger, now });
  // As in the server: the inbox turns each settled order's push into its owner's message.
  createInboxService({ db, outbox, now, config });
  const settlement = createSettlementService({ db, outbox, now, config, logger });
  let outcome: Awaited<ReturnType<typeof settlement.settleDraw>> | undefined;
  // With EMBEDDED_PG_STATEMENT_STATS=1 (pg_stat_statements loaded): what PostgreSQL spent, by statement.
  const statementStats = process.env.EMBEDDED_PG_STATEMENT_STATS === '1';
  if (statementStats) await sql`create extension if not exists pg_stat_statements`.execute(db).then(() => sql`select pg_stat_statements_reset()`.execute(db));
  const cpuBefore = { machine: machineCpu(), own: process.cpuUsage() };
  await timed(`keno settlement end to end, one draw of ${count.toLocaleString('en-US')} orders`, count, async () => {
    outcome = await settlement.settleDraw(drawId);
    await outbox.drain();
  });
  // Where the machine's time went: this process (the settlement service and the outbox, one
  // thread) and everything else (PostgreSQL, nearly all of it), per order.
  const machine = machineCpu();
  const own = process.cpuUsage(cpuBefore.own);
  const busySeconds = (machine.busy - cpuBefore.machine.busy) / 100; // USER_HZ ticks
  const ownSeconds = (own.user + own.system) / 1e6;
  const perOrder = (seconds: number) => `${Math.round((seconds / count) * 1e6)} µs`;
  console.log(
    `${''.padEnd(58)} CPU ${busySeconds.toFixed(1)} s of the machine's ${((machine.total - cpuBefore.machine.total) / 100).toFixed(1)}: ` +
      `this process ${ownSeconds.toFixed(1)} s (${perOrder(ownSeconds)} an order), the rest ${(busySeconds - ownSeconds).toFixed(1)} s (${perOrder(busySeconds - ownSeconds)})`,
  );
  if (statementStats) {
    const { rows: top } = await sql<{ calls: number; ms: number; query: string }>`
      select calls::int, total_exec_time::float as ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as query
        from pg_stat_statements where toplevel and query not like '%pg_stat_statements%' order by total_exec_time desc limit 10`.execute(db);
    for (const row of top) console.log(`${''.padEnd(58)} ${(row.ms / 1000).toFixed(2).padStart(6)} s ${String(row.calls).padStart(6)} ×  ${row.query}`);
  }
  await outbox.close();
  await queues.close();
  if (outcome?.status !== 'settled') throw new Error(`the million-order draw was not settled: ${outcome?.status}`);
  console.log(`${''.padEnd(58)} ${outcome.winners.toLocaleString('en-US')} winners, ${outcome.points.toLocaleString('en-US')} GP hundredths credited`);

  // The draw's books: every order settled and charged once, one prize posting per winner, equal to the prizes.
  const { rows } = await sql<{ unsettled: number; orders: number; charged: number; prizes: number; prize_points: number; order_prizes: number }>`
    select (select count(*) from orders where draw_id = ${drawId} and settled_at is null)::int as unsettled,
           (select count(*) from orders where draw_id = ${drawId})::int as orders,
           (select count(*) from ledger l join orders o on l.ref_id = o.id::text
             where o.draw_id = ${drawId} and l.kind = 'order' and l.ref_type = 'order')::int as charged,
           (select count(*) from ledger l join orders o on l.ref_id = o.id::text
             where o.draw_id = ${drawId} and l.kind = 'prize' and l.ref_type = 'order')::int as prizes,
           (select coalesce(sum(l.amount), 0) from ledger l join orders o on l.ref_id = o.id::text
             where o.draw_id = ${drawId} and l.kind = 'prize' and l.ref_type = 'order')::bigint as prize_points,
           (select coalesce(sum(prize), 0) from orders where draw_id = ${drawId})::bigint as order_prizes`.execute(db);
  const books = rows[0]!;
  const ok = books.unsettled === 0 && books.orders === count && books.charged === count && books.prizes === outcome.winners && books.prize_points === outcome.points && books.order_prizes === outcome.points;
  console.log(`${''.padEnd(58)} ${ok ? '✓' : '✗'} ${books.orders.toLocaleString('en-US')} orders, ${books.unsettled} unsettled, ${books.charged.toLocaleString('en-US')} charged once, ${books.prizes.toLocaleString('en-US')} prize postings = Σ prizes`);
  return ok;
}
