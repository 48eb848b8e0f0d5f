/**
 * Draw-lottery settlement, the pure part: tickets/s of common `settleDrawTicket` on one core, for
 * single lines and system entries (each line matched against the draw, divisions looked up, caps
 * and partial units applied). The database side is the same batch/credit path as keno's (see
 * scripts/bench/settlement.ts); this measures what the draw lotteries add.
 *
 * Part of `npm run bench`; alone: `node --import tsx scripts/bench/draw-settlement.ts [tickets]`.
 */
import crypto from 'node:crypto';
import { DRAW_PRODUCTS, divisionUnitPrize, settleDrawTicket, type DrawProduct, type DrawResult } from '../../common/src/index.ts';

const pick = (n: number, pool: number) => {
  const all = Array.from({ length: pool }, (_, i) => i + 1);
  for (let i = 0; i < n; i++) {
    const j = i + crypto.randomInt(pool - i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, n).sort((a, b) => a - b);
};

function bench(count: number, label: string, product: DrawProduct, result: DrawResult, ticket: () => Parameters<typeof settleDrawTicket>[1]) {
  const tickets = Array.from({ length: count }, ticket);
  const prizes = (d: Parameters<typeof divisionUnitPrize>[0]) => divisionUnitPrize(d, { poolAmounts: { 1: 800_000_000, 2: 10_000_000, 3: 2_000_000 }, winners: {} });
  let won = 0;
  const start = process.hrtime.bigint();
  for (const t of tickets) won += settleDrawTicket(product, t, result, prizes).prize.amount > 0 ? 1 : 0;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${label.padEnd(52)} ${String(Math.round(count / seconds)).padStart(9)} tickets/s  (${count} in ${seconds.toFixed(2)} s, ${won} winning)`);
}

/** Prints tickets/s of draw-lottery settlement, per kind of ticket, over `count` random tickets each. */
export function benchDrawSettlement(count = 200_000) {
  const markSix = DRAW_PRODUCTS.HKA01;
  const sixResult = { zones: [pick(6, 49)], extra: [] as number[] };
  sixResult.extra = [pick(7, 49).find((n) => !sixResult.zones[0]!.includes(n)) ?? 49];
  bench(count, 'Mark Six single lines', markSix, sixResult, () => ({ entries: [{ zones: [pick(6, 49)] }] }));
  bench(count, 'Mark Six 7-number multiples (7 lines each)', markSix, sixResult, () => ({ entries: [{ zones: [pick(7, 49)] }], system: true }));
  bench(count, '今彩539 single lines (capped 頭獎)', DRAW_PRODUCTS.TWA03, { zones: [pick(5, 39)], extra: [] }, () => ({ entries: [{ zones: [pick(5, 39)] }] }));
  bench(count, 'Powerball with Power Play', DRAW_PRODUCTS.USA01, { zones: [pick(5, 69), pick(1, 26)], extra: [], multiplier: 3 }, () => ({ entries: [{ zones: [pick(5, 69), pick(1, 26)] }], addOns: ['powerPlay'] }));
}

// Run alone: the file is the entry point.
if (import.meta.url === `file://${process.argv[1]}`) benchDrawSettlement(Number(process.argv[2] ?? 200_000));
