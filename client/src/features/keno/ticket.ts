import {
  BIG_SMALL_OPTIONS,
  ODD_EVEN_OPTIONS,
  type BigSmallOption,
  type KenoOrderBody,
  type KenoPlayInput,
  type OddEvenOption,
  type ProductSummary,
} from '@gp/common';
import { cryptoRandomBelow } from '../../shared/random/crypto-random.ts';

/**
 * The keno ticket a member is filling in (spec §3 "Keno purchase"): one pick play of `stars`
 * numbers, a big/small and an odd/even guess, super prize numbers and one multiplier for all.
 * A part left empty is simply not played; a part begun but unfinished blocks the order.
 */
export interface Ticket {
  stars: number | null;
  numbers: readonly number[];
  bigSmall: BigSmallOption | null;
  oddEven: OddEvenOption | null;
  /** The spec's "super prize number" flag: the super-number board is open. */
  superNumber: boolean;
  superNumbers: readonly number[];
  /** Null while what the member typed is not a multiplier this product takes (the field says why). */
  multiplier: number | null;
  /**
   * True until the member sets the multiplier: it then follows the plays, the smallest that makes
   * the product's minimum (one play of a 3-unit-minimum game starts at ×3), so a first ticket can
   * be bought as it is (`withAutoMultiplier`).
   */
  autoMultiplier: boolean;
  trial: boolean;
}

export const EMPTY_TICKET: Ticket = {
  stars: null,
  numbers: [],
  bigSmall: null,
  oddEven: null,
  superNumber: false,
  superNumbers: [],
  multiplier: 1,
  autoMultiplier: true,
  trial: false,
};

export type ToggleOutcome =
  | { ok: true; numbers: number[] }
  /** `choose_stars`: no count chosen yet; `limit`: the chosen count is already reached. */
  | { ok: false; reason: 'choose_stars' | 'limit' };

/**
 * Adds or removes `n`. Removing always works; adding is refused once `limit` numbers are chosen
 * (spec §5: no more numbers than the count chosen to play), or when no count is chosen yet.
 *
 * Example: `toggleNumber([5, 9, 12], 40, 3)` → `{ ok: false, reason: 'limit' }`;
 * `toggleNumber([5, 9, 12], 9, 3)` → `{ ok: true, numbers: [5, 12] }`.
 */
export function toggleNumber(numbers: readonly number[], n: number, limit: number | null): ToggleOutcome {
  if (numbers.includes(n)) return { ok: true, numbers: numbers.filter((x) => x !== n) };
  if (limit === null) return { ok: false, reason: 'choose_stars' };
  if (numbers.length >= limit) return { ok: false, reason: 'limit' };
  return { ok: true, numbers: [...numbers, n].sort((a, b) => a - b) };
}

/**
 * Automatic selection: keeps the numbers already chosen (up to `count`) and fills the rest at
 * random from 1..`poolSize`. `randomBelow` is injectable for tests.
 */
export function autoPick(chosen: readonly number[], count: number, poolSize: number, randomBelow: (bound: number) => number = cryptoRandomBelow): number[] {
  const kept = chosen.slice(0, count);
  const free = Array.from({ length: poolSize }, (_, i) => i + 1).filter((n) => !kept.includes(n));
  const picked = [...kept];
  while (picked.length < count && free.length > 0) picked.push(free.splice(randomBelow(free.length), 1)[0]!);
  return picked.sort((a, b) => a - b);
}

/** The number board's areas: 01–40 and 41–80 for an 80-ball game, 01–35 and 36–70 for 70. */
export function boardAreas(poolSize: number): [from: number, to: number][] {
  const half = Math.ceil(poolSize / 2);
  return [
    [1, half],
    [half + 1, poolSize],
  ];
}

/** The options of each side market that `product` sells, in the spec's order. */
export function sideMarkets(rules: ProductSummary['rules']): { bigSmall: BigSmallOption[]; oddEven: OddEvenOption[] } {
  const offered = (option: string) => rules.sideBets[option]?.offered === true;
  return { bigSmall: BIG_SMALL_OPTIONS.filter(offered), oddEven: ODD_EVEN_OPTIONS.filter(offered) };
}

export type TicketProblem =
  | { code: 'empty' }
  | { code: 'multiplier' }
  | { code: 'below_minimum'; units: number; minimum: number }
  | { code: 'choose_stars' }
  | { code: 'pick_more'; count: number }
  | { code: 'selection_exceeds_pick_count'; stars: number; selected: number };

/**
 * Why the ticket cannot be quoted yet, or `null`. Numbers begun need their full count; more
 * numbers than stars (after lowering the count) must be deselected first; a ticket under the
 * product's `minimumUnits` (spec §5: 3) says so before the server is asked.
 */
export function ticketProblem(ticket: Ticket, minimumUnits = 0): TicketProblem | null {
  const { stars, numbers } = ticket;
  if (numbers.length > 0) {
    if (stars === null) return { code: 'choose_stars' };
    if (numbers.length > stars) return { code: 'selection_exceeds_pick_count', stars, selected: numbers.length };
    if (numbers.length < stars) return { code: 'pick_more', count: stars - numbers.length };
  }
  if (ticketPlays(ticket).length === 0) return { code: 'empty' };
  if (ticket.multiplier === null) return { code: 'multiplier' };
  const units = ticketUnits(ticket);
  return units < minimumUnits ? { code: 'below_minimum', units, minimum: minimumUnits } : null;
}

/** The plays of API.md's keno body, in the order the summary lists them. */
export function ticketPlays(ticket: Ticket): KenoPlayInput[] {
  const plays: KenoPlayInput[] = [];
  if (ticket.stars !== null && ticket.numbers.length === ticket.stars) plays.push({ type: 'pick', stars: ticket.stars, numbers: [...ticket.numbers] });
  if (ticket.bigSmall) plays.push({ type: 'bigSmall', pick: ticket.bigSmall });
  if (ticket.oddEven) plays.push({ type: 'oddEven', pick: ticket.oddEven });
  if (ticket.superNumber && ticket.superNumbers.length > 0) plays.push({ type: 'superNumber', numbers: [...ticket.superNumbers] });
  return plays;
}

/**
 * The `POST /api/orders` (and quote) body for a complete ticket on `issue`, else `null`.
 *
 * Example: 3 stars on [1, 23, 45] and "big" at ×2 for TWB01 issue 115016038 →
 * `{ productCode: 'TWB01', issue: '115016038', trial: false, multiplier: 2, plays: [{ type: 'pick', stars: 3, numbers: [1, 23, 45] }, { type: 'bigSmall', pick: 'big' }] }`.
 */
export function orderBody(ticket: Ticket, productCode: string, issue: string | null, minimumUnits = 0): KenoOrderBody | null {
  if (!issue || ticketProblem(ticket, minimumUnits) || ticket.multiplier === null) return null;
  return { productCode, issue, trial: ticket.trial, multiplier: ticket.multiplier, plays: ticketPlays(ticket) };
}

/** Units as the server counts them (spec §9): 1 per play, 1 per super number, times the multiplier. */
export function ticketUnits(ticket: Ticket): number {
  const units = ticketPlays(ticket).reduce((sum, play) => sum + (play.type === 'superNumber' ? (play.numbers?.length ?? 0) : 1), 0);
  return units * (ticket.multiplier ?? 1);
}

/**
 * What the member typed in the multiplier field: the multiplier, or why it is refused (never
 * silently changed: `10.5` is not cut to 10, `11` is not cut to the maximum).
 *
 * Example: `parseMultiplier('3', 10)` → `3`; `parseMultiplier('10.5', 10)` → `'invalid'`; `parseMultiplier('', 10)` → `'empty'`.
 */
export function parseMultiplier(text: string, max: number): number | 'empty' | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : 'invalid';
}

/**
 * The ticket with its multiplier following its plays while the member has not set one: the
 * smallest (up to `maxMultiplier`) that brings the ticket to `minimumUnits`; with no play yet, the
 * one that makes a single play enough.
 *
 * Example: one pick play, minimum 3, maximum 10 → ×3 (3 units); a pick, big/small and odd/even → ×1.
 */
export function withAutoMultiplier(ticket: Ticket, minimumUnits: number, maxMultiplier: number): Ticket {
  if (!ticket.autoMultiplier) return ticket;
  const perMultiple = ticketUnits({ ...ticket, multiplier: 1 });
  const needed = Math.ceil(Math.max(1, minimumUnits) / Math.max(1, perMultiple));
  const multiplier = clampMultiplier(needed, maxMultiplier);
  return multiplier === ticket.multiplier ? ticket : { ...ticket, multiplier };
}

/** The multiplier the − and + buttons step to, kept within 1..`max`; anything unreadable becomes 1. */
export function clampMultiplier(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, max));
}
