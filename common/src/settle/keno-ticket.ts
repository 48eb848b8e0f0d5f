import type { FieldCode } from '../errors.ts';
import {
  BIG_SMALL_OPTIONS,
  ODD_EVEN_OPTIONS,
  type BigSmallOption,
  type KenoProduct,
  type LocalAmount,
  type OddEvenOption,
  type SideOption,
} from '../products/types.ts';

/** One play of a keno order (API.md), with any automatic selection already filled in. */
export type KenoPlay =
  | { type: 'pick'; stars: number; numbers: readonly number[] }
  | { type: 'bigSmall'; pick: BigSmallOption }
  | { type: 'oddEven'; pick: OddEvenOption }
  | { type: 'superNumber'; numbers: readonly number[] };

/** What settles against one draw: the plays of an order and the multiplier applied to all of them. */
export interface KenoTicket {
  multiplier: number;
  plays: readonly KenoPlay[];
}

/** A play as a request states it: a side bet's pick is any text until `validateKenoTicket` checks it. */
export type KenoPlayRequest = KenoPlay | { type: 'bigSmall' | 'oddEven'; pick: string };

/** A ticket as a request states it, before `validateKenoTicket` (every `KenoTicket` is one). */
export interface KenoTicketRequest {
  multiplier: number;
  plays: readonly KenoPlayRequest[];
}

/** Units of one play before the multiplier: a pick or side bet is 1, a super number 1 per number. */
export function playUnits(play: KenoPlayRequest): number {
  return play.type === 'superNumber' ? play.numbers.length : 1;
}

/**
 * Units a ticket costs (spec §9): each pick, big/small and odd/even play is one unit, each super
 * number one more, all times the multiplier.
 *
 * Example: a 3-star pick, a "big" and super numbers [7, 66] at ×2 → `(1 + 1 + 2) × 2 = 8`.
 */
export function kenoUnits(ticket: KenoTicketRequest): number {
  let units = 0;
  for (const play of ticket.plays) units += playUnits(play);
  return units * ticket.multiplier;
}

/**
 * What a ticket costs: units, GP hundredths to debit, and the stake placed with the operator.
 * Example: 4 units of TWB01 → `{ units: 4, points: 400, stake: { amount: 10_000, currency: 'TWD' } }`.
 */
export function kenoCost(product: KenoProduct, ticket: KenoTicket): { units: number; points: number; stake: LocalAmount } {
  const units = kenoUnits(ticket);
  return { units, points: units * product.unitPrice, stake: { amount: units * product.unitStake.amount, currency: product.currency } };
}

/** A refusal in the shape of API.md's error body (the server adds the message). */
export interface KenoTicketProblem {
  code: 'validation_failed' | 'selection_exceeds_pick_count' | 'below_minimum_purchase';
  fields?: Record<string, FieldCode>;
  details?: Record<string, unknown>;
}

/** `pick` as an option of the side bet `type`, or `null` when that bet has no such option. */
function sideOption(type: 'bigSmall' | 'oddEven', pick: string): SideOption | null {
  const options: readonly SideOption[] = type === 'bigSmall' ? BIG_SMALL_OPTIONS : ODD_EVEN_OPTIONS;
  return options.find((option) => option === pick) ?? null;
}

/** Whether `product` sells a side bet on `option` today. */
export function offersSideBet(product: KenoProduct, option: SideOption): boolean {
  return product.sideBets[option]?.offered === true;
}

/**
 * Why a ticket cannot be bought, or `null` when it can. Checks, in the order a member fixes them:
 * fields (`validation_failed` with `plays.<i>.<field>` codes: `number_out_of_range`,
 * `duplicate_number`, `too_many_numbers`, `required`, `invalid`), then more numbers than stars
 * (`selection_exceeds_pick_count`), then fewer units than the minimum (`below_minimum_purchase`,
 * `details.minimum`).
 *
 * Example: TWB01, `{ multiplier: 1, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] }`
 * → `{ code: 'below_minimum_purchase', details: { minimum: 3, units: 1 } }`.
 */
export function validateKenoTicket(product: KenoProduct, ticket: KenoTicketRequest): KenoTicketProblem | null {
  const fields: Record<string, FieldCode> = {};
  const flag = (field: string, code: FieldCode) => {
    fields[field] ??= code;
  };
  const { multiplier } = ticket;
  if (!Number.isSafeInteger(multiplier) || multiplier < 1 || multiplier > product.maxMultiplier.value) {
    flag('multiplier', 'invalid');
  }
  if (!Array.isArray(ticket.plays)) return { code: 'validation_failed', fields: { ...fields, plays: 'invalid' } };

  let overPicked: { play: number; stars: number; selected: number } | null = null;
  for (const [i, play] of ticket.plays.entries()) {
    const at = `plays.${i}`;
    switch (play.type) {
      case 'pick': {
        const { min, max } = product.picks;
        if (!Number.isSafeInteger(play.stars) || play.stars < min || play.stars > max) flag(`${at}.stars`, 'invalid');
        checkNumbers(product, play.numbers, `${at}.numbers`, flag);
        if (!Array.isArray(play.numbers)) break;
        if (play.numbers.length > play.stars) overPicked ??= { play: i, stars: play.stars, selected: play.numbers.length };
        else if (play.numbers.length < play.stars) flag(`${at}.numbers`, 'required');
        break;
      }
      case 'bigSmall':
      case 'oddEven': {
        const option = sideOption(play.type, play.pick);
        if (!option || !offersSideBet(product, option)) flag(`${at}.pick`, 'invalid');
        break;
      }
      case 'superNumber': {
        if (!product.superNumber?.offered) {
          flag(`${at}.type`, 'invalid');
          break;
        }
        checkNumbers(product, play.numbers, `${at}.numbers`, flag);
        if (Array.isArray(play.numbers) && play.numbers.length > product.superNumber.maxNumbers) {
          flag(`${at}.numbers`, 'too_many_numbers');
        }
        break;
      }
      default:
        flag(`${at}.type`, 'invalid');
    }
  }

  if (Object.keys(fields).length > 0) return { code: 'validation_failed', fields };
  if (overPicked) return { code: 'selection_exceeds_pick_count', details: overPicked };
  const units = kenoUnits(ticket);
  if (units < product.minimumUnits) {
    return { code: 'below_minimum_purchase', details: { minimum: product.minimumUnits, units } };
  }
  return null;
}

/**
 * The request as the ticket it states, once `validateKenoTicket` has accepted it. Throws a
 * RangeError for a side-bet pick that validation refuses (a request it was not asked about).
 */
export function acceptedKenoTicket(ticket: KenoTicketRequest): KenoTicket {
  const plays = ticket.plays.map((play): KenoPlay => {
    switch (play.type) {
      case 'pick':
      case 'superNumber':
        return play;
      case 'bigSmall': {
        const pick = BIG_SMALL_OPTIONS.find((option) => option === play.pick);
        if (pick) return { type: 'bigSmall', pick };
        break;
      }
      case 'oddEven': {
        const pick = ODD_EVEN_OPTIONS.find((option) => option === play.pick);
        if (pick) return { type: 'oddEven', pick };
        break;
      }
    }
    throw new RangeError(`invalid ${play.type} pick`);
  });
  return { multiplier: ticket.multiplier, plays };
}

function checkNumbers(
  product: KenoProduct,
  numbers: readonly number[],
  field: string,
  flag: (field: string, code: FieldCode) => void,
): void {
  if (!Array.isArray(numbers)) return flag(field, 'invalid');
  const seen = new Set<number>();
  for (const n of numbers) {
    if (!Number.isSafeInteger(n)) flag(field, 'invalid');
    else if (n < 1 || n > product.matrix.poolSize) flag(field, 'number_out_of_range');
    else if (seen.has(n)) flag(field, 'duplicate_number');
    seen.add(n);
  }
}
