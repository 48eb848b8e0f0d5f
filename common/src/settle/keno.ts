import { BIG_SMALL_OPTIONS, ODD_EVEN_OPTIONS, type KenoProduct, type LocalAmount, type SideOption } from '../products/types.ts';
import { applyTicketRules, type CapRule } from './keno-caps.ts';
import { kenoResult, sideBetWins } from './keno-result.ts';
import { playUnits, type KenoTicket } from './keno-ticket.ts';

export { applyDrawCaps, type CapRule } from './keno-caps.ts';
export * from './keno-ticket.ts';

interface LineBase {
  /** Index of the play in `ticket.plays`. */
  play: number;
  /** What this line staked with the operator, in the product's minor units. */
  stake: number;
  /** The table prize times the multiplier (or the stake, for a refund), before any cap. */
  basePrize: number;
  /** What the line pays after the caps; the ticket's prize is the sum of these. */
  prize: number;
  outcome: 'win' | 'lose' | 'refund';
  /** The caps that reduced this line, in the order they applied. */
  adjustments: CapRule[];
}

/** One settled line: a pick play, a side bet, or one super number. */
export type KenoLine =
  | (LineBase & { type: 'pick'; stars: number; matches: number; matched: number[] })
  | (LineBase & { type: 'bigSmall' | 'oddEven'; pick: SideOption; result: SideOption | null })
  | (LineBase & { type: 'superNumber'; number: number; superNumber: number });

export interface KenoSettlement {
  prize: LocalAmount;
  lines: KenoLine[];
}

/**
 * What a ticket wins on a draw, line by line, in the product's currency. Prizes are fixed per
 * unit and scale with the multiplier; the per-ticket rules (Canada: one prize, CAD 100,000) apply
 * here, the per-draw pools in `applyDrawCaps`. Expects a ticket `validateKenoTicket` accepted;
 * throws a RangeError for an impossible draw.
 *
 * Example: TWB01, a 3-star pick of [1, 2, 3] at ×2 on a draw containing 1 and 2 but not 3 →
 * `{ prize: { amount: 10_000, currency: 'TWD' }, lines: [{ type: 'pick', matches: 2, prize: 10_000, … }] }`
 * (NT$50 for 2 of 3, twice).
 */
export function settleKenoTicket(product: KenoProduct, ticket: KenoTicket, draw: { numbers: readonly number[] }): KenoSettlement {
  const { outcome, drawn } = drawnSet(product, draw.numbers);
  const { multiplier } = ticket;
  const unitStake = product.unitStake.amount * multiplier;
  const lines: KenoLine[] = [];

  for (const [play, entry] of ticket.plays.entries()) {
    const stake = unitStake * playUnits(entry);
    switch (entry.type) {
      case 'pick': {
        const matched = entry.numbers.filter((n) => drawn[n] === 1);
        const basePrize = (product.prizeTable.rows[entry.stars]?.[matched.length] ?? 0) * multiplier;
        const common = { play, stake, basePrize, prize: basePrize, adjustments: [] };
        lines.push({ type: 'pick', stars: entry.stars, matches: matched.length, matched, ...common, outcome: won(basePrize) });
        break;
      }
      case 'bigSmall':
      case 'oddEven': {
        const result = entry.type === 'bigSmall' ? outcome.bigSmall : outcome.oddEvenOutcome;
        const noWinner = !sideMarketHasWinner(product, entry.type, outcome);
        const refund = noWinner && product.sideBetNoWinner.rule === 'refund';
        const basePrize = sideBetWins(outcome, entry.pick) ? (product.sideBets[entry.pick]?.prize ?? 0) * multiplier : refund ? stake : 0;
        const side = { type: entry.type, pick: entry.pick, result, play, stake, basePrize, prize: basePrize, adjustments: [] };
        lines.push({ ...side, outcome: refund ? 'refund' : won(basePrize) });
        break;
      }
      case 'superNumber': {
        const unitPrize = (product.superNumber?.prize ?? 0) * multiplier;
        for (const number of entry.numbers) {
          const basePrize = number === outcome.superNumber ? unitPrize : 0;
          const common = { play, stake: unitStake, basePrize, prize: basePrize, adjustments: [] };
          lines.push({ type: 'superNumber', number, superNumber: outcome.superNumber, ...common, outcome: won(basePrize) });
        }
        break;
      }
    }
  }
  return applyTicketRules(product, lines);
}

const won = (prize: number): 'win' | 'lose' => (prize > 0 ? 'win' : 'lose');

/**
 * The checked outcome of a draw and its numbers as a lookup, remembered per numbers array: a
 * settlement run passes the same array for each of a draw's tickets, and checking the draw once
 * instead of once per ticket is most of a ticket's cost. (Nothing changes a draw's numbers once
 * drawn; callers never mutate the array they pass.)
 */
const drawnSets = new WeakMap<readonly number[], { poolSize: number; drawCount: number; outcome: ReturnType<typeof kenoResult>; drawn: Uint8Array }>();
function drawnSet(product: KenoProduct, numbers: readonly number[]) {
  const known = drawnSets.get(numbers);
  if (known && known.poolSize === product.matrix.poolSize && known.drawCount === product.matrix.drawCount) return known;
  const outcome = kenoResult(numbers, product.matrix);
  const drawn = new Uint8Array(product.matrix.poolSize + 1);
  for (const n of outcome.numbers) drawn[n] = 1;
  const entry = { poolSize: product.matrix.poolSize, drawCount: product.matrix.drawCount, outcome, drawn };
  drawnSets.set(numbers, entry);
  return entry;
}

/** Whether any option this product sells in that market won (BINGO's "－" means none did). */
function sideMarketHasWinner(product: KenoProduct, market: 'bigSmall' | 'oddEven', outcome: ReturnType<typeof kenoResult>) {
  const options = Object.keys(product.sideBets) as SideOption[];
  const inMarket = (o: SideOption) => (market === 'bigSmall') === (o === 'big' || o === 'small');
  return options.some((o) => inMarket(o) && product.sideBets[o]?.offered && sideBetWins(outcome, o));
}

/**
 * An upper bound of what a ticket can win on one draw, before per-draw pools, for the quote's
 * `maxPrize`: every pick at its best cell, the best option of each side market (big and small
 * cannot both win), the most-chosen super number; then one prize per ticket and the per-ticket cap.
 * Example: TWB01, one 3-star pick and "big" and "small" at ×2 → `{ amount: 130_000, currency: 'TWD' }`.
 */
export function kenoMaxPrize(product: KenoProduct, ticket: KenoTicket): LocalAmount {
  const linePrizes: number[] = [];
  let picks = 0;
  const sideTotals = new Map<SideOption, number>();
  const superCounts = new Map<number, number>();
  for (const play of ticket.plays) {
    if (play.type === 'pick') {
      const best = Math.max(0, ...Object.values(product.prizeTable.rows[play.stars] ?? {}));
      picks += best;
      linePrizes.push(best);
    } else if (play.type === 'superNumber') {
      for (const n of play.numbers) superCounts.set(n, (superCounts.get(n) ?? 0) + 1);
      if (play.numbers.length > 0) linePrizes.push(product.superNumber?.prize ?? 0);
    } else {
      const prize = product.sideBets[play.pick]?.prize ?? 0;
      sideTotals.set(play.pick, (sideTotals.get(play.pick) ?? 0) + prize);
      linePrizes.push(prize);
    }
  }
  const bestOf = (options: readonly SideOption[]) => Math.max(0, ...options.map((o) => sideTotals.get(o) ?? 0));
  const superHits = Math.max(0, ...superCounts.values());
  const { perTicket } = product.caps;
  const perUnit = perTicket?.onePrize
    ? Math.max(0, ...linePrizes)
    : picks + bestOf(BIG_SMALL_OPTIONS) + bestOf(ODD_EVEN_OPTIONS) + superHits * (product.superNumber?.prize ?? 0);
  const amount = perUnit * ticket.multiplier;
  return { amount: perTicket ? Math.min(amount, perTicket.amount) : amount, currency: product.currency };
}
