/**
 * Settlement throughput: the pure function (`common/settle`, tickets/s on one core) and end to end
 * through the database (one draw's purchased orders settled, prizes credited through the wallet,
 * events published on an in-process bus). `benchMillionDraw` does the same for one draw of
 * 1,000,000 orders (`npm run bench -- --million`).
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { applyDrawCaps, kenoPrizes, kenoProduct, packKenoTickets, prepareKenoDraw, settleKenoTicket, type KenoPlay, type KenoTicket } from '@gp/common';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import { walletService } from '../../server/src/wallet/service.ts';
import { createMemoryBus } from '../../server/src/platform/event-bus.ts';
import { createLogger } from '../../server/src/platform/logger.ts';
import { createOutbox } from '../../server/src/platform/outbox.ts';
import { createQueueFactory } from '../../server/src/platform/queues.ts';
import { createKenoSettlementService as createSettlementService } from '../../server/src/games/keno/settlement.ts';
import { createInboxService } from '../../server/src/inbox/service.ts';
import { benchDrawFloor, medianOutcome } from './draw-floor.ts';
import { machineCpu } from './orders-platform.ts';

const TWB01 = kenoProduct('TWB01')!;
/** Whole numbers in [from, to): `crypto.randomInt`'s shape, so a seeded source can stand in for it. */
type RandomInt = (from: number, to: number) => number;
const anyRandom: RandomInt = (from, to) => crypto.randomInt(from, to);

/**
 * A seeded source (mulberry32): the million-order draw settles the same tickets against the same
 * numbers in every run, so two runs compare. From one random draw to another its winners, and so
 * its credits, varied twofold (218,500 and 411,200 of a million).
 */
function seededRandom(seed: number): RandomInt {
  let state = seed >>> 0;
  return (from, to) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return from + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (to - from));
  };
}

/** `count` distinct numbers of 1–80, ascending (a partial Fisher–Yates shuffle). */
function pick(count: number, random: RandomInt) {
  const pool = Array.from({ length: 80 }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = random(i, 80);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** A mix like a real draw's: a pick of 1–10 stars, sometimes a side bet, sometimes super numbers. */
function randomTicket(random: RandomInt = anyRandom): KenoTicket {
  const stars = random(1, 11);
  const plays: KenoPlay[] = [{ type: 'pick', stars, numbers: pick(stars, random) }];
  if (random(0, 2)) plays.push({ type: 'bigSmall', pick: random(0, 2) ? 'big' : 'small' });
  if (random(0, 2)) plays.push({ type: 'oddEven', pick: random(0, 2) ? 'odd' : 'even' });
  if (random(0, 3) === 0) plays.push({ type: 'superNumber', numbers: pick(random(1, 4), random) });
  return { multiplier: random(1, 6), plays };
}
const randomDraw = (random: RandomInt = anyRandom) => ({ numbers: pick(20, random) });
/** The million-order draw's seed (any fixed number would do). */
const MILLION_SEED = 20261128;

type Timed = (label: string, operations: number, work: () => Promise<void>) => Promise<void>;

export async function benchSettlement(db: Db, connectionString: string, userIds: number[], timed: Timed) {
  const tickets = Array.from({ length: 200_000 }, () => randomTicket());
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
  const drawId = row.id;
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
 * (`insert … select generate_series`, tickets drawn from 10,000 made from a fixed seed, as the
 * draw's numbers are, so every run settles the same draw) with their books: each member first
 * gets a deposit through the wallet service that covers its share, then every
 * order is debited by an `order` ledger row (balance_after from a running sum) and the wallets by
 * the total, in one transaction, so ledger = balance holds before and after the settlement.
 */
export async function benchMillionDraw(db: Db, connectionString: string, userIds: number[], timed: Timed, count = 1_000_000) {
  const POINTS = 300;
  const at = new Date();
  const seed = crypto.randomBytes(32).toString('hex');
  const random = seededRandom(MILLION_SEED);
  const draw = randomDraw(random);
  const row = await db
    .insertInto('draws')
    .values({ product_code: 'TWB01', issue: `bench-million-${Date.now()}`, sales_open_at: at, sales_close_at: at, draw_at: at, seed, seed_hash: crypto.createHash('sha256').update(seed).digest('hex') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drawId = row.id;

  const setupStart = process.hrtime.bigint();
  const perUser = Math.ceil(count / userIds.length);
  for (const userId of userIds) {
    await db.transaction().execute((trx) =>
      walletService.credit(trx, { userId, account: 'real', kind: 'deposit', amount: perUser * POINTS, refType: 'bench-million', refId: `${drawId}-${userId}` }),
    );
  }
  const tickets = Array.from({ length: 10_000 }, () => randomTicket(random));
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
  // Beside it, what this machine's PostgreSQL needs for the writes the draw made (draw-floor.ts).
  await benchDrawFloor(db, userIds, count, outcome.winners, await medianOutcome(db, drawId));
  return ok;
}
