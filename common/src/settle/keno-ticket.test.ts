import { describe, expect, it } from 'vitest';
import { KENO_PRODUCTS } from '../products/keno.ts';
import { withOverrides } from '../products/overrides.ts';
import type { KenoProduct } from '../products/types.ts';
import { kenoCost, kenoMaxPrize, kenoUnits, validateKenoTicket, type KenoPlay, type KenoTicket } from './keno.ts';

const { TWB01, CAB01, KRB01 } = KENO_PRODUCTS;
const ticket = (multiplier: number, ...plays: KenoPlay[]): KenoTicket => ({ multiplier, plays });
const pick = (stars: number, numbers: number[]): KenoPlay => ({ type: 'pick', stars, numbers });
const big: KenoPlay = { type: 'bigSmall', pick: 'big' };
const odd: KenoPlay = { type: 'oddEven', pick: 'odd' };
const superNumbers = (...numbers: number[]): KenoPlay => ({ type: 'superNumber', numbers });
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('units a ticket costs', () => {
  it.each<[string, KenoTicket, number]>([
    ['one pick', ticket(1, pick(3, [1, 2, 3])), 1],
    ['a pick, big and odd', ticket(1, pick(3, [1, 2, 3]), big, odd), 3],
    ['five super numbers', ticket(1, superNumbers(1, 2, 3, 4, 5)), 5],
    ['no super numbers', ticket(1, superNumbers()), 0],
    ['a pick, big and two super numbers at ×2', ticket(2, pick(3, [1, 2, 3]), big, superNumbers(7, 66)), 8],
    ['two picks at ×10', ticket(10, pick(1, [1]), pick(10, oneToN(10))), 20],
  ])('%s → %i units', (_, t, units) => {
    expect(kenoUnits(t)).toBe(units);
  });

  it('prices units in GP hundredths and stakes them in the local currency', () => {
    expect(kenoCost(TWB01, ticket(1, pick(3, [1, 2, 3]), big, superNumbers(7, 66)))).toEqual({
      units: 4,
      points: 400,
      stake: { amount: 10_000, currency: 'TWD' },
    });
    expect(kenoCost(KRB01, ticket(3, pick(2, [1, 2])))).toEqual({ units: 3, points: 300, stake: { amount: 3_000, currency: 'KRW' } });
  });
});

describe('the 3-unit minimum purchase', () => {
  it.each<[string, KenoTicket]>([
    ['one pick', ticket(1, pick(3, [1, 2, 3]))],
    ['a pick and a big', ticket(1, pick(3, [1, 2, 3]), big)],
    ['two super numbers', ticket(1, superNumbers(7, 8))],
    ['nothing at all', ticket(1)],
  ])('refuses %s, saying the minimum is 3', (_, t) => {
    expect(validateKenoTicket(TWB01, t)).toEqual({
      code: 'below_minimum_purchase',
      details: { minimum: 3, units: kenoUnits(t) },
    });
  });

  it.each<[string, KenoTicket]>([
    ['a pick, big and odd', ticket(1, pick(3, [1, 2, 3]), big, odd)],
    ['three super numbers', ticket(1, superNumbers(1, 2, 3))],
    ['one pick at ×3', ticket(3, pick(10, oneToN(10)))],
  ])('accepts %s', (_, t) => {
    expect(validateKenoTicket(TWB01, t)).toBeNull();
  });
});

describe('refusals a member can cause, with the API codes', () => {
  it('more numbers than stars → selection_exceeds_pick_count', () => {
    expect(validateKenoTicket(TWB01, ticket(3, pick(3, [1, 2, 3, 4])))).toEqual({
      code: 'selection_exceeds_pick_count',
      details: { play: 0, stars: 3, selected: 4 },
    });
  });

  it.each<[string, KenoProduct, KenoTicket, Record<string, string>]>([
    ['a number above 80', TWB01, ticket(3, pick(2, [1, 81])), { 'plays.0.numbers': 'number_out_of_range' }],
    ['zero', TWB01, ticket(3, pick(2, [0, 5])), { 'plays.0.numbers': 'number_out_of_range' }],
    ['71 on Speed Keno', KRB01, ticket(3, pick(2, [1, 71])), { 'plays.0.numbers': 'number_out_of_range' }],
    ['a super number above 80', TWB01, ticket(1, superNumbers(1, 2, 81)), { 'plays.0.numbers': 'number_out_of_range' }],
    ['a number twice', TWB01, ticket(3, pick(3, [5, 9, 5])), { 'plays.0.numbers': 'duplicate_number' }],
    ['a super number twice', TWB01, ticket(1, superNumbers(7, 8, 7)), { 'plays.0.numbers': 'duplicate_number' }],
    ['21 super numbers', TWB01, ticket(1, superNumbers(...oneToN(21))), { 'plays.0.numbers': 'too_many_numbers' }],
    ['fewer numbers than stars', TWB01, ticket(3, pick(3, [1, 2])), { 'plays.0.numbers': 'required' }],
    ['a fractional number', TWB01, ticket(3, pick(2, [1, 2.5])), { 'plays.0.numbers': 'invalid' }],
    ['11 stars', TWB01, ticket(3, pick(11, oneToN(11))), { 'plays.0.stars': 'invalid' }],
    ['1 star on Speed Keno', KRB01, ticket(3, pick(1, [1])), { 'plays.0.stars': 'invalid' }],
    ['a multiplier of 0', TWB01, ticket(0, pick(3, [1, 2, 3])), { multiplier: 'invalid' }],
    ['a multiplier above the maximum', TWB01, ticket(11, pick(3, [1, 2, 3])), { multiplier: 'invalid' }],
    ['a fractional multiplier', TWB01, ticket(1.5, pick(3, [1, 2, 3]), big, odd), { multiplier: 'invalid' }],
    ['big/small on Canada Keno', CAB01, ticket(3, { type: 'bigSmall', pick: 'big' }), { 'plays.0.pick': 'invalid' }],
    ['"small odd" once the operator stops selling it', withOverrides(TWB01, { source: 'five-way withdrawn', sideBets: { smallOdd: { offered: false } } }), ticket(3, { type: 'oddEven', pick: 'smallOdd' }), { 'plays.0.pick': 'invalid' }],
    ['"odd" as a big/small pick', TWB01, ticket(3, { type: 'bigSmall', pick: 'odd' } as never), { 'plays.0.pick': 'invalid' }],
    ['a super number on Speed Keno', KRB01, ticket(3, superNumbers(7)), { 'plays.0.type': 'invalid' }],
    ['an unknown play', TWB01, ticket(3, { type: 'lucky' } as never), { 'plays.0.type': 'invalid' }],
  ])('%s → validation_failed', (_, product, t, fields) => {
    expect(validateKenoTicket(product, t)).toEqual({ code: 'validation_failed', fields });
  });

  it('names every faulty field at once, one code each', () => {
    const problem = validateKenoTicket(TWB01, ticket(99, pick(3, [1, 1, 99]), big, superNumbers(...oneToN(21))));
    expect(problem).toEqual({
      code: 'validation_failed',
      fields: { multiplier: 'invalid', 'plays.0.numbers': 'duplicate_number', 'plays.2.numbers': 'too_many_numbers' },
    });
  });

  it('accepts exactly 20 super numbers, and none', () => {
    expect(validateKenoTicket(TWB01, ticket(1, superNumbers(...oneToN(20))))).toBeNull();
    expect(validateKenoTicket(TWB01, ticket(1, superNumbers(), pick(3, [1, 2, 3]), big, odd))).toBeNull();
  });

  it('accepts BINGO’s small odd, small even and draw bets (spec §3, §9)', () => {
    for (const pick of ['smallOdd', 'smallEven', 'draw'] as const) expect(validateKenoTicket(TWB01, ticket(3, { type: 'oddEven', pick }))).toBeNull();
  });
});

describe('the most a ticket can win (the quote’s maxPrize)', () => {
  it('counts the best cell of each pick, one side of each market and one super number, times the multiplier', () => {
    const t = ticket(2, pick(3, [1, 2, 3]), big, { type: 'bigSmall', pick: 'small' }, odd, superNumbers(7, 8));
    expect(kenoMaxPrize(TWB01, t)).toEqual({ amount: (50_000 + 15_000 + 15_000 + 120_000) * 2, currency: 'TWD' });
  });

  it('counts the same super number chosen twice twice', () => {
    expect(kenoMaxPrize(TWB01, ticket(1, superNumbers(7), superNumbers(7, 8))).amount).toBe(240_000);
  });

  it('on Canada Keno, one prize and at most CAD 100,000', () => {
    expect(kenoMaxPrize(CAB01, ticket(3, pick(3, [1, 2, 3]), pick(4, [1, 2, 3, 4])))).toEqual({ amount: 12_000, currency: 'CAD' });
    expect(kenoMaxPrize(CAB01, ticket(1, pick(10, oneToN(10)))).amount).toBe(10_000_000);
  });
});
