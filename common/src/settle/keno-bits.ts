import { BIG_SMALL_OPTIONS, ODD_EVEN_OPTIONS, type KenoProduct, type SideOption } from '../products/types.ts';
import { kenoResult, sideBetWins, type KenoOutcome } from './keno-result.ts';
import type { KenoTicket } from './keno-ticket.ts';
import { settleKenoTicket } from './keno.ts';

/*
 * Keno prizes at tens of millions of tickets a second on one core, for settling a whole draw.
 * A set of numbers 1..96 is three 32-bit words (number n is bit (n − 1) % 32 of word ⌊(n − 1) / 32⌋),
 * so a pick's matches are three ANDs and three popcounts, and its prize one lookup in the prize
 * table flattened per draw. The side bets of a ticket are a 7-bit mask whose prize per unit is
 * also looked up (128 entries, computed per draw). Tickets are packed column-wise into typed
 * arrays once, and the hot loop allocates nothing.
 *
 * `settleKenoTicket` stays the definition: `kenoPrizes` gives exactly its `prize.amount` for every
 * ticket (tested on random tickets of every product), before the per-draw caps (`applyDrawCaps`,
 * which only ever concern the few top-prize tickets of a draw). Tickets the packed form cannot
 * hold (two picks, the same side option twice, two super-number plays) are settled by
 * `settleKenoTicket` itself when packed.
 */

const SIDE_OPTIONS: readonly SideOption[] = [...BIG_SMALL_OPTIONS, ...ODD_EVEN_OPTIONS];
const isBigSmall = (option: SideOption) => option === 'big' || option === 'small';
const SIDE_BIT = new Map(SIDE_OPTIONS.map((option, i) => [option, 1 << i]));
const MASKS = 1 << SIDE_OPTIONS.length;
/** Prize-table columns per star count: matches 0..15. */
const MATCH_SLOTS = 16;

/** The bit count of a 32-bit word (SWAR popcount). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Numbers 1..96 as three words, written into `into` at `at`. */
export function writeNumberBits(numbers: readonly number[], into: Uint32Array, at: number): void {
  into[at] = 0;
  into[at + 1] = 0;
  into[at + 2] = 0;
  for (const n of numbers) into[at + ((n - 1) >>> 5)]! |= 1 << ((n - 1) & 31);
}

/** One draw of one product, prepared once for all its tickets. */
export interface PreparedKenoDraw {
  readonly outcome: KenoOutcome;
  readonly drawn: Uint32Array;
  /** Prize per unit of a pick of `stars` with `matches`: index stars × 16 + matches. */
  readonly pickPrize: Int32Array;
  /** Per side-bet mask: the winning lines' prize per unit, summed and at best; the refunded lines' units. */
  readonly sideSum: Int32Array;
  readonly sideMax: Int32Array;
  readonly sideRefundUnits: Int32Array;
  /** Where the super number sits in a three-word set, and its prize per unit. */
  readonly superWord: number;
  readonly superBit: number;
  readonly superPrize: number;
  readonly unitStake: number;
  readonly onePrize: boolean;
  /** The per-ticket cap on winnings (`Infinity` when none). */
  readonly perTicketCap: number;
}

export function prepareKenoDraw(product: KenoProduct, numbers: readonly number[]): PreparedKenoDraw {
  const outcome = kenoResult(numbers, product.matrix);
  const drawn = new Uint32Array(3);
  writeNumberBits(outcome.numbers, drawn, 0);
  const pickPrize = new Int32Array((product.picks.max + 1) * MATCH_SLOTS);
  for (let stars = 0; stars <= product.picks.max; stars++) {
    const row = product.prizeTable.rows[stars];
    for (let matches = 0; matches <= Math.min(stars, MATCH_SLOTS - 1); matches++) pickPrize[stars * MATCH_SLOTS + matches] = row?.[matches] ?? 0;
  }
  // A side option's line, per unit: what it wins, or a refund when its market had no winner.
  const marketHasWinner = (market: readonly string[]) =>
    (Object.keys(product.sideBets) as SideOption[]).some((o) => market.some((m) => m === o) && product.sideBets[o]?.offered && sideBetWins(outcome, o));
  const refundIn = {
    bigSmall: !marketHasWinner(BIG_SMALL_OPTIONS) && product.sideBetNoWinner.rule === 'refund',
    oddEven: !marketHasWinner(ODD_EVEN_OPTIONS) && product.sideBetNoWinner.rule === 'refund',
  };
  const linePrize = SIDE_OPTIONS.map((o) => (sideBetWins(outcome, o) ? (product.sideBets[o]?.prize ?? 0) : 0));
  const lineRefund = SIDE_OPTIONS.map((o, i) => linePrize[i] === 0 && (isBigSmall(o) ? refundIn.bigSmall : refundIn.oddEven));
  const sideSum = new Int32Array(MASKS);
  const sideMax = new Int32Array(MASKS);
  const sideRefundUnits = new Int32Array(MASKS);
  for (let mask = 0; mask < MASKS; mask++) {
    for (let i = 0; i < SIDE_OPTIONS.length; i++) {
      if (!(mask & (1 << i))) continue;
      sideSum[mask]! += linePrize[i]!;
      sideMax[mask] = Math.max(sideMax[mask]!, linePrize[i]!);
      if (lineRefund[i]) sideRefundUnits[mask]!++;
    }
  }
  const { perTicket } = product.caps;
  return {
    outcome,
    drawn,
    pickPrize,
    sideSum,
    sideMax,
    sideRefundUnits,
    superWord: (outcome.superNumber - 1) >>> 5,
    superBit: (outcome.superNumber - 1) & 31,
    superPrize: product.superNumber?.prize ?? 0,
    unitStake: product.unitStake.amount,
    onePrize: perTicket?.onePrize === true,
    perTicketCap: perTicket ? perTicket.amount : Infinity,
  };
}

/** Tickets packed column-wise (see the top of this file). Make with `packKenoTickets`. */
export interface PackedKenoTickets {
  readonly count: number;
  /** Three words per ticket: its pick's numbers (none: no pick). */
  readonly pick: Uint32Array;
  readonly stars: Uint8Array;
  readonly multiplier: Uint16Array;
  /** Its side options as a mask (bit i: `SIDE_OPTIONS[i]`). */
  readonly side: Uint8Array;
  /** Three words per ticket: its super numbers. */
  readonly supers: Uint32Array;
  /** Tickets the columns cannot hold, by index: their prize on the draw the packing was for. */
  readonly settledApart: ReadonlyMap<number, number>;
}

/**
 * Packs tickets for `kenoPrizes`. A ticket outside the packed form is settled here on `draw`
 * (with `settleKenoTicket`), so pass the draw the prizes will be computed for.
 */
export function packKenoTickets(product: KenoProduct, tickets: readonly KenoTicket[], draw: PreparedKenoDraw): PackedKenoTickets {
  const count = tickets.length;
  const pick = new Uint32Array(count * 3);
  const stars = new Uint8Array(count);
  const multiplier = new Uint16Array(count);
  const side = new Uint8Array(count);
  const supers = new Uint32Array(count * 3);
  const settledApart = new Map<number, number>();
  tickets.forEach((ticket, i) => {
    let picks = 0;
    let superPlays = 0;
    let mask = 0;
    let packable = ticket.multiplier <= 0xffff;
    for (const play of ticket.plays) {
      if (play.type === 'pick') {
        if (picks++ > 0 || play.stars >= MATCH_SLOTS) packable = false;
        else {
          writeNumberBits(play.numbers, pick, i * 3);
          stars[i] = play.stars;
        }
      } else if (play.type === 'superNumber') {
        if (superPlays++ > 0) packable = false;
        else writeNumberBits(play.numbers, supers, i * 3);
      } else {
        const bit = SIDE_BIT.get(play.pick)!;
        if (mask & bit) packable = false;
        mask |= bit;
      }
    }
    side[i] = mask;
    multiplier[i] = ticket.multiplier;
    if (!packable) settledApart.set(i, settleKenoTicket(product, ticket, { numbers: draw.outcome.numbers }).prize.amount);
  });
  return { count, pick, stars, multiplier, side, supers, settledApart };
}

/**
 * Every packed ticket's prize on the draw, in the product's minor units, into `out` (index =
 * ticket): `settleKenoTicket(…).prize.amount` before the per-draw caps. Allocates nothing.
 */
export function kenoPrizes(draw: PreparedKenoDraw, tickets: PackedKenoTickets, out: Float64Array): Float64Array {
  const { pickPrize, sideSum, sideMax, sideRefundUnits, superPrize, unitStake, onePrize, perTicketCap } = draw;
  const d0 = draw.drawn[0]!;
  const d1 = draw.drawn[1]!;
  const d2 = draw.drawn[2]!;
  const superWord = draw.superWord;
  const superBit = draw.superBit;
  const { pick, stars, multiplier, side, supers, count } = tickets;
  for (let i = 0; i < count; i++) {
    const w = i * 3;
    const matches = popcount32(pick[w]! & d0) + popcount32(pick[w + 1]! & d1) + popcount32(pick[w + 2]! & d2);
    const pickUnit = pickPrize[stars[i]! * MATCH_SLOTS + matches]!;
    const superUnit = ((supers[w + superWord]! >>> superBit) & 1) * superPrize;
    const mask = side[i]!;
    const m = multiplier[i]!;
    let win = onePrize ? Math.max(pickUnit, sideMax[mask]!, superUnit) * m : (pickUnit + sideSum[mask]! + superUnit) * m;
    if (win > perTicketCap) win = perTicketCap;
    out[i] = win + sideRefundUnits[mask]! * unitStake * m;
  }
  for (const [i, prize] of tickets.settledApart) out[i] = prize;
  return out;
}
