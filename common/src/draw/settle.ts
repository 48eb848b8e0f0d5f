import type { LocalAmount } from '../products/types.ts';
import { choose, expandTicket, tableOf, zonesOf, type DrawLine, type DrawTicketRequest } from './ticket.ts';
import type { Division, DrawProduct, DrawResult, MatchRule } from './types.ts';

/**
 * Matching lines against a draw, per-draw division amounts (fixed, capped, or entered for pools),
 * and what a ticket wins. All amounts are minor units of the product's currency.
 */

export interface LineMatch {
  /** Numbers matched per zone. */
  hits: number[];
  /** First-zone numbers among the extra numbers. */
  extraHits: number;
  division: Division | null;
}

function ruleMatches(rule: MatchRule, hits: readonly number[], extraHits: number): boolean {
  if (rule.hits.length !== hits.length || rule.hits.some((h, z) => h !== hits[z])) return false;
  return !rule.extra || (extraHits >= rule.extra.min && extraHits <= rule.extra.max);
}

/**
 * Which division a line wins on a result, if any (the first division whose rules match).
 *
 * Example: HKA01, line [[1, 2, 3, 4, 10, 20]], result { zones: [[1, 2, 3, 4, 5, 6]], extra: [10] } →
 * `{ hits: [4], extraHits: 1, division: 4th Division (HK$9,600) }`.
 */
export function matchLine(product: DrawProduct, play: string | undefined, line: DrawLine, result: DrawResult): LineMatch {
  const { zones, extra } = lookupOf(result);
  const hits = line.map((numbers, z) => {
    const drawn = zones[z];
    let count = 0;
    if (drawn) for (const n of numbers) count += drawn[n] ?? 0;
    return count;
  });
  let extraHits = 0;
  for (const n of line[0] ?? []) extraHits += extra[n] ?? 0;
  const division = tableOf(product, play).divisions.find((d) => d.match.some((rule) => ruleMatches(rule, hits, extraHits))) ?? null;
  return { hits, extraHits, division };
}

/** Per result, the drawn numbers as 0/1 tables (built once, reused for every line matched against it). */
const lookups = new WeakMap<DrawResult, { zones: Uint8Array[]; extra: Uint8Array }>();
function lookupOf(result: DrawResult) {
  let found = lookups.get(result);
  if (!found) {
    const table = (numbers: readonly number[]) => {
      const out = new Uint8Array(Math.max(0, ...numbers) + 1);
      for (const n of numbers) if (Number.isSafeInteger(n) && n >= 0) out[n] = 1;
      return out;
    };
    found = { zones: result.zones.map(table), extra: table(result.extra) };
    lookups.set(result, found);
  }
  return found;
}

/** Why a result cannot be this product's: counts, range, repeats (a string for the API's field), or `null`. */
export function resultProblem(product: DrawProduct, result: DrawResult): { field: string; code: 'invalid' | 'number_out_of_range' | 'duplicate_number' | 'too_many_numbers' } | null {
  const zones = product.zones;
  if (!Array.isArray(result.zones) || result.zones.length !== zones.length) return { field: 'zones', code: 'invalid' };
  for (const [z, zone] of zones.entries()) {
    const numbers = result.zones[z]!;
    const pool = z === 0 ? [...numbers, ...(result.extra ?? [])] : numbers;
    if (numbers.length > zone.drawCount) return { field: `zones.${z}`, code: 'too_many_numbers' };
    if (numbers.length < zone.drawCount) return { field: `zones.${z}`, code: 'invalid' };
    if (pool.some((n) => !Number.isSafeInteger(n) || n < 1 || n > zone.poolSize)) return { field: z === 0 && numbers.every((n) => n >= 1 && n <= zone.poolSize) ? 'extra' : `zones.${z}`, code: 'number_out_of_range' };
    if (new Set(pool).size !== pool.length) return { field: z === 0 && new Set(numbers).size === numbers.length ? 'extra' : `zones.${z}`, code: 'duplicate_number' };
  }
  if ((result.extra ?? []).length !== (product.extra?.count ?? 0)) return { field: 'extra', code: 'invalid' };
  const addOn = product.addOns[0];
  if (addOn && result.multiplier !== undefined && !addOn.multipliers.some((m) => m.value === result.multiplier)) return { field: 'multiplier', code: 'invalid' };
  return null;
}

/**
 * What one full unit of a division pays on a draw, before partial units and multipliers: the fixed
 * amount (cut to an equal share of its cap when `winners` would exceed it, rounded down to the
 * cap's `roundTo`), the pool amount the operator entered, or `null` while a pool amount is pending.
 *
 * Example: TWA03 頭獎, 4 winners: 4 × NT$8M > NT$24M → NT$6M each (`600_000_000`).
 */
export function divisionUnitPrize(division: Division, draw: { poolAmounts: Readonly<Record<number, number>>; winners: Readonly<Record<number, number>> }): number | null {
  if (division.prize.kind === 'pool') return draw.poolAmounts[division.id] ?? null;
  const { amount } = division.prize;
  const winners = draw.winners[division.id] ?? 0;
  if (!division.cap || winners * amount <= division.cap.total) return amount;
  const share = Math.floor(division.cap.total / winners);
  return share - (share % division.cap.roundTo);
}

/** A ticket as bought: the request plus what was fixed at purchase (Mega Millions' multiplier per line). */
export interface AcceptedDrawTicket extends DrawTicketRequest {
  /** One per expanded line (Mega Millions); absent for products without a built-in multiplier. */
  lineMultipliers?: number[];
}

export interface SettledDrawLine {
  /** Index among the ticket's expanded lines. */
  line: number;
  numbers: DrawLine;
  hits: number[];
  extraHits: number;
  division: number | null;
  /** What the line pays, minor units; `null` while its pool division's amount is pending. */
  prize: number | null;
  /** The multiplier applied (built-in or Power Play), 1 when none. */
  multiplier: number;
}

export interface DrawTicketSettlement {
  /** Sum of the known line prizes. */
  prize: LocalAmount;
  /** Winning lines only (a 1,000-line system ticket keeps only what won). */
  lines: SettledDrawLine[];
  /** Divisions won whose amount is not entered yet: the ticket is not final until they are. */
  pendingDivisions: number[];
  lineCount: number;
}

/**
 * What a ticket wins on one draw. `unitPrizes` comes from `divisionUnitPrize` for this draw.
 * Partial units pay their fraction (rounded down); a line's multiplier (built-in, or the drawn
 * Power Play multiplier when bought) multiplies divisions marked `multiplied`; an add-on's
 * `fixedPrizes` replaces such a division outright.
 *
 * Example: USA01 with Power Play, a Match 4 line, drawn multiplier 3 → 3 × US$100 = 30_000.
 */
export function settleDrawTicket(
  product: DrawProduct,
  ticket: AcceptedDrawTicket,
  result: DrawResult,
  unitPrizes: (division: Division) => number | null,
): DrawTicketSettlement {
  const lines = expandTicket(product, ticket);
  const addOn = product.addOns.find((a) => ticket.addOns?.includes(a.code)) ?? null;
  const partial = ticket.partialUnit && product.partialUnit ? product.partialUnit : null;
  const settled: SettledDrawLine[] = [];
  const pending = new Set<number>();
  let total = 0;
  lines.forEach((numbers, index) => {
    const match = matchLine(product, ticket.play, numbers, result);
    if (!match.division) return;
    const division = match.division;
    const base = unitPrizes(division);
    let multiplier = 1;
    let prize: number | null = base;
    if (prize !== null && division.multiplied) {
      if (addOn && result.multiplier !== undefined) {
        multiplier = result.multiplier;
        prize = addOn.fixedPrizes[division.id] ?? prize * multiplier;
      } else if (ticket.lineMultipliers?.[index] !== undefined) {
        multiplier = ticket.lineMultipliers[index]!;
        prize *= multiplier;
      }
    }
    if (prize !== null && partial) prize = Math.floor((prize * partial.prizeNumerator) / partial.prizeDenominator);
    if (prize === null) pending.add(division.id);
    else total += prize;
    settled.push({ line: index, numbers, hits: match.hits, extraHits: match.extraHits, division: division.id, prize, multiplier });
  });
  return { prize: { amount: total, currency: product.currency }, lines: settled, pendingDivisions: [...pending].sort((a, b) => a - b), lineCount: lines.length };
}

/**
 * The draw that would be best for a ticket: its first numbers drawn (bankers first) in every zone,
 * the next first-zone number as the extra — "if all picked numbers hit". For the expansion shown
 * before paying.
 */
function bestDrawFor(product: DrawProduct, ticket: DrawTicketRequest): DrawResult {
  const entry = ticket.entries[0]!;
  const zones = product.zones.map((zone, z) => {
    const chosen = [...(entry.bankers?.[z] ?? []), ...(entry.zones[z] ?? [])];
    const filler = Array.from({ length: zone.poolSize }, (_, i) => i + 1).filter((n) => !chosen.includes(n));
    return [...chosen, ...filler].slice(0, zone.drawCount + (z === 0 ? (product.extra?.count ?? 0) : 0));
  });
  const extraCount = product.extra?.count ?? 0;
  const main = zones[0]!;
  return { zones: [main.slice(0, main.length - extraCount), ...zones.slice(1)], extra: main.slice(main.length - extraCount) };
}

export interface DivisionWins {
  division: number;
  lines: number;
  /** Per-line amount, minor units, before multipliers; `null` for a pool division (amount set per draw; `estimate` may say). */
  unitPrize: number | null;
  estimate: number | null;
  /** `lines × unitPrize` (partial units applied); `null` when the division is a pool. */
  amount: number | null;
}

/**
 * What each division would pay if all the first entry's picked numbers hit (the expansion shown
 * before paying), counting every line of the ticket, without multipliers. Mark Six 7-number
 * multiple: 1st × 1 (pool) and 2nd × 6 when the 7th is the extra, …
 */
export function bestCaseWins(product: DrawProduct, ticket: DrawTicketRequest): DivisionWins[] {
  if (!ticket.entries.length) return [];
  const result = bestDrawFor(product, ticket);
  const partial = ticket.partialUnit && product.partialUnit ? product.partialUnit : null;
  const counts = new Map<number, number>();
  for (const line of expandTicket(product, ticket)) {
    const { division } = matchLine(product, ticket.play, line, result);
    if (division) counts.set(division.id, (counts.get(division.id) ?? 0) + 1);
  }
  return tableOf(product, ticket.play)
    .divisions.filter((d) => counts.has(d.id))
    .map((d) => {
      const lines = counts.get(d.id)!;
      const unit = d.prize.kind === 'fixed' ? d.prize.amount : null;
      const scaled = unit === null ? null : partial ? Math.floor((unit * partial.prizeNumerator) / partial.prizeDenominator) : unit;
      return { division: d.id, lines, unitPrize: scaled, estimate: d.prize.kind === 'pool' ? d.prize.estimate : null, amount: scaled === null ? null : scaled * lines };
    });
}

/** The highest multiplier a line of `ticket` can get: its add-on's (Power Play) or the product's built-in one. */
function topMultiplierOf(product: DrawProduct, ticket: Pick<DrawTicketRequest, 'addOns'>) {
  const addOn = product.addOns.find((a) => ticket.addOns?.includes(a.code));
  return { addOn, top: Math.max(1, ...(addOn?.multipliers.map((m) => m.value) ?? []), ...(product.builtInMultiplier?.values.map((m) => m.value) ?? [])) };
}

/**
 * The best fixed-amount division one line of this kind can win, at the highest multiplier a line
 * can get, or null when every division is a pool. The top divisions of Mark Six (1st–3rd) are
 * shared pools, so a line's best fixed prize is the 4th: HK$9,600.
 */
export function bestFixedDivision(product: DrawProduct, ticket: Pick<DrawTicketRequest, 'play' | 'addOns' | 'partialUnit'>): { division: number; amount: LocalAmount } | null {
  const { addOn, top } = topMultiplierOf(product, ticket);
  const partial = ticket.partialUnit && product.partialUnit ? product.partialUnit : null;
  let best: { division: number; amount: number } | null = null;
  for (const division of tableOf(product, ticket.play).divisions) {
    if (division.prize.kind !== 'fixed') continue;
    const unit = partial ? Math.floor((division.prize.amount * partial.prizeNumerator) / partial.prizeDenominator) : division.prize.amount;
    const amount = division.multiplied ? (addOn?.fixedPrizes[division.id] ?? unit * top) : unit;
    if (!best || amount > best.amount) best = { division: division.id, amount };
  }
  return best && { division: best.division, amount: { amount: best.amount, currency: product.currency } };
}

/**
 * The most the fixed divisions of a ticket can pay on one draw (for `exceeds_max_prize`): the best
 * case's fixed amounts at the highest multiplier a line can get. Pool prizes are not ours to limit.
 */
export function maxFixedPrize(product: DrawProduct, ticket: DrawTicketRequest): LocalAmount {
  const { addOn, top } = topMultiplierOf(product, ticket);
  let amount = 0;
  for (const wins of bestCaseWins(product, ticket)) {
    if (wins.amount === null) continue;
    const division = tableOf(product, ticket.play).divisions.find((d) => d.id === wins.division)!;
    const fixedByAddOn = addOn?.fixedPrizes[division.id];
    amount += division.multiplied ? (fixedByAddOn !== undefined ? fixedByAddOn * wins.lines : wins.amount * top) : wins.amount;
  }
  return { amount, currency: product.currency };
}

/**
 * The most a ticket's fixed prizes can pay that the member is told (the quote's `maxPrize`): the
 * best case's fixed amounts, and never less than one line's best fixed division. When every picked
 * number is drawn a single line lands in a pool division (Mark Six: the 1st), so the best case
 * says 0, yet the line can still win the best fixed prize (the 4th, HK$9,600). The
 * `exceeds_max_prize` limit keeps counting the best case (`maxFixedPrize`).
 */
export function quotedMaxPrize(product: DrawProduct, ticket: DrawTicketRequest): LocalAmount {
  const best = maxFixedPrize(product, ticket).amount;
  const oneLine = ticket.entries.length > 0 ? (bestFixedDivision(product, ticket)?.amount.amount ?? 0) : 0;
  return { amount: Math.max(best, oneLine), currency: product.currency };
}

/**
 * The chance one line wins each division, exactly (hypergeometric per zone; the extra numbers are
 * drawn from what is left of the first zone). Mark Six 1st: 1 / 13,983,816.
 */
export function divisionOdds(product: DrawProduct, play?: string): { division: number; probability: number }[] {
  const zones = zonesOf(product, play);
  const extraCount = product.extra?.count ?? 0;
  const probability = (rule: MatchRule) => {
    let p = 1;
    zones.forEach((zone, z) => {
      const h = rule.hits[z]!;
      const { pick: k, poolSize: n, drawCount: d } = zone;
      if (z === 0 && extraCount > 0) {
        const { min, max } = rule.extra ?? { min: 0, max: extraCount };
        let sum = 0;
        for (let x = min; x <= Math.min(max, extraCount); x++) sum += choose(d, h) * choose(extraCount, x) * choose(n - d - extraCount, k - h - x);
        p *= sum / choose(n, k);
      } else {
        p *= (choose(d, h) * choose(n - d, k - h)) / choose(n, k);
      }
    });
    return p;
  };
  return tableOf(product, play).divisions.map((d) => ({ division: d.id, probability: d.match.reduce((sum, rule) => sum + probability(rule), 0) }));
}

/** Picks one value by weight with `random` in [0, 1): the built-in or Power Play multiplier. */
export function pickWeighted(values: readonly { value: number; weight: number }[], random: number): number {
  const total = values.reduce((sum, v) => sum + v.weight, 0);
  let at = random * total;
  for (const v of values) {
    if (at < v.weight) return v.value;
    at -= v.weight;
  }
  return values[values.length - 1]!.value;
}

/** Whether a product takes `play` at all (39樂合彩 needs one). */
export const needsPlay = (product: DrawProduct) => product.plays !== null;
