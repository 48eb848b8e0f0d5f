/**
 * Settlement throughput: the pure function (`common/settle`, tickets/s on one core) and end to end
 * through the database (one draw's purchased orders settled, prizes credited through the wallet,
 * events published on an in-process bus).
 */
import crypto from 'node:crypto';
import { applyDrawCaps, kenoProduct, settleKenoTicket, type KenoPlay, type KenoTicket } from '@gp/common';
import { autoNumbers } from '../../server/src/orders/service.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import { createMemoryBus } from '../../server/src/platform/event-bus.ts';
import { createLogger } from '../../server/src/platform/logger.ts';
import { createOutbox } from '../../server/src/platform/outbox.ts';
import { createQueueFactory } from '../../server/src/platform/queues.ts';
import { createSettlementService } from '../../server/src/settlement/service.ts';

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
  const queues = createQueueFactory({ kind: 'postgres', connectionString }, logger);
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
