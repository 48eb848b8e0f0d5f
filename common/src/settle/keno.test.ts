import { describe, expect, it } from 'vitest';
import { KENO_PRODUCTS } from '../products/keno.ts';
import { withOverrides } from '../products/overrides.ts';
import { settleKenoTicket, type KenoPlay, type KenoTicket } from './keno.ts';
import { drawEndingWith, drawWith } from './test-draws.ts';

const { TWB01, CAB01, KRB01 } = KENO_PRODUCTS;

// BINGO BINGO's star table in NT$ per NT$25 unit, copied by hand from the reference (TWB01).
const BINGO_NTD: Record<number, Record<number, number>> = {
  1: { 1: 50 },
  2: { 2: 75, 1: 25 },
  3: { 3: 500, 2: 50 },
  4: { 4: 1_000, 3: 100, 2: 25 },
  5: { 5: 7_500, 4: 500, 3: 50 },
  6: { 6: 25_000, 5: 1_000, 4: 200, 3: 25 },
  7: { 7: 80_000, 6: 3_000, 5: 300, 4: 50, 3: 25 },
  8: { 8: 500_000, 7: 20_000, 6: 1_000, 5: 200, 4: 25, 0: 25 },
  9: { 9: 1_000_000, 8: 100_000, 7: 3_000, 6: 500, 5: 100, 4: 25, 0: 25 },
  10: { 10: 5_000_000, 9: 250_000, 8: 25_000, 7: 2_500, 6: 250, 5: 25, 0: 25 },
};

const ONE_TO_TWENTY = Array.from({ length: 20 }, (_, i) => i + 1);
/** `stars` numbers of which exactly `matches` are among 1–20 (the rest from 61–80). */
const picked = (stars: number, matches: number) => [
  ...ONE_TO_TWENTY.slice(0, matches),
  ...Array.from({ length: stars - matches }, (_, i) => 80 - i),
];
const ticket = (multiplier: number, ...plays: KenoPlay[]): KenoTicket => ({ multiplier, plays });
const pick = (stars: number, numbers: number[]): KenoPlay => ({ type: 'pick', stars, numbers });

const CELLS = Object.keys(BINGO_NTD).flatMap((s) => {
  const stars = Number(s);
  return Array.from({ length: stars + 1 }, (_, matches) => [stars, matches, BINGO_NTD[stars]?.[matches] ?? 0] as const);
});

describe('BINGO BINGO pick prizes, every stars × matches cell', () => {
  it.each(CELLS)('%i stars with %i matched pays NT$%i', (stars, matches, ntd) => {
    const result = settleKenoTicket(TWB01, ticket(1, pick(stars, picked(stars, matches))), { numbers: ONE_TO_TWENTY });
    expect(result.prize).toEqual({ amount: ntd * 100, currency: 'TWD' });
    expect(result.lines[0]).toMatchObject({ type: 'pick', stars, matches, outcome: ntd > 0 ? 'win' : 'lose' });
  });

  it('covers all 65 cells, 40 of them paying', () => {
    expect(CELLS).toHaveLength(65);
    expect(CELLS.filter(([, , ntd]) => ntd > 0)).toHaveLength(40);
  });

  it('shows the player which of their numbers were drawn', () => {
    const result = settleKenoTicket(TWB01, ticket(1, pick(4, [3, 77, 15, 60])), { numbers: ONE_TO_TWENTY });
    expect(result.lines[0]).toMatchObject({ matches: 2, matched: [3, 15] });
  });
});

describe('the multiplier scales every prize linearly', () => {
  it.each([1, 2, 3, 7, 10])('×%i on every paying cell', (multiplier) => {
    for (const [stars, matches, ntd] of CELLS) {
      const { prize } = settleKenoTicket(TWB01, ticket(multiplier, pick(stars, picked(stars, matches))), { numbers: ONE_TO_TWENTY });
      expect(prize.amount).toBe(ntd * 100 * multiplier);
    }
  });

  it('records the stake of each line (NT$25 a unit times the multiplier)', () => {
    const result = settleKenoTicket(TWB01, ticket(4, pick(3, [1, 2, 3])), { numbers: ONE_TO_TWENTY });
    expect(result.lines[0]).toMatchObject({ stake: 10_000, basePrize: 200_000, prize: 200_000 });
  });
});

describe('BINGO side bets', () => {
  const side = (type: 'bigSmall' | 'oddEven', option: string): KenoPlay => ({ type, pick: option }) as KenoPlay;

  it.each([
    [13, 'big', 15_000],
    [12, 'big', 0],
    [7, 'small', 15_000],
    [8, 'small', 0],
    [13, 'small', 0],
  ])('with %i big numbers, "%s" pays %i cents', (big, option, cents) => {
    const result = settleKenoTicket(TWB01, ticket(1, side('bigSmall', option)), { numbers: drawWith({ big, odd: 10 }) });
    expect(result.prize.amount).toBe(cents);
  });

  it.each([
    [13, 'odd', 15_000],
    [12, 'odd', 0],
    [7, 'even', 15_000],
    [8, 'even', 0],
  ])('with %i odd numbers, "%s" pays %i cents', (odd, option, cents) => {
    const result = settleKenoTicket(TWB01, ticket(1, side('oddEven', option)), { numbers: drawWith({ big: 10, odd }) });
    expect(result.prize.amount).toBe(cents);
  });

  it('a "－" result (neither side reaches 13) loses the stake', () => {
    const result = settleKenoTicket(TWB01, ticket(1, side('bigSmall', 'big')), { numbers: drawWith({ big: 12, odd: 10 }) });
    expect(result.lines[0]).toMatchObject({ result: null, outcome: 'lose', prize: 0 });
  });

  it('an operator who rules "－" a refund gets the stake back, times the multiplier', () => {
    const refunding = withOverrides(TWB01, { source: 'operator rule', sideBetNoWinner: { rule: 'refund', confidence: 'confirmed' } });
    const result = settleKenoTicket(refunding, ticket(3, side('bigSmall', 'small')), { numbers: drawWith({ big: 10, odd: 10 }) });
    expect(result.lines[0]).toMatchObject({ outcome: 'refund', prize: 7_500 });
    const won = settleKenoTicket(refunding, ticket(3, side('bigSmall', 'small')), { numbers: drawWith({ big: 13, odd: 10 }) });
    expect(won.lines[0]).toMatchObject({ outcome: 'lose', prize: 0 });
  });

  describe('the five-way odd/even, where the operator sells it', () => {
    const fiveWay = withOverrides(TWB01, {
      source: 'five-way odd/even on sale',
      sideBets: { smallOdd: { offered: true }, smallEven: { offered: true }, draw: { offered: true } },
    });
    it.each([
      [12, 'smallOdd', 4_500],
      [11, 'smallOdd', 4_500],
      [13, 'smallOdd', 0],
      [10, 'smallOdd', 0],
      [9, 'smallEven', 4_500],
      [8, 'smallEven', 4_500],
      [7, 'smallEven', 0],
      [10, 'draw', 7_000],
      [11, 'draw', 0],
      [9, 'draw', 0],
      [12, 'odd', 0],
    ])('with %i odd numbers, "%s" pays %i cents', (odd, option, cents) => {
      const result = settleKenoTicket(fiveWay, ticket(1, side('oddEven', option)), { numbers: drawWith({ big: 10, odd }) });
      expect(result.prize.amount).toBe(cents);
    });

    it('never refunds odd/even, since one of the five always wins', () => {
      const refunding = withOverrides(fiveWay, { source: 'operator rule', sideBetNoWinner: { rule: 'refund' } });
      const result = settleKenoTicket(refunding, ticket(1, side('oddEven', 'odd')), { numbers: drawWith({ big: 10, odd: 10 }) });
      expect(result.lines[0]).toMatchObject({ result: 'draw', outcome: 'lose' });
    });
  });
});

describe('BINGO super number', () => {
  const superPlay = (...numbers: number[]): KenoPlay => ({ type: 'superNumber', numbers });

  it('pays NT$1,200 when a chosen number is the 20th drawn', () => {
    const result = settleKenoTicket(TWB01, ticket(1, superPlay(66)), { numbers: drawEndingWith(66) });
    expect(result.prize.amount).toBe(120_000);
  });

  it('pays nothing for a number drawn earlier than 20th', () => {
    const result = settleKenoTicket(TWB01, ticket(1, superPlay(5)), { numbers: drawEndingWith(66, [5]) });
    expect(result.lines[0]).toMatchObject({ number: 5, superNumber: 66, outcome: 'lose', prize: 0 });
  });

  it('settles each chosen number as its own unit; at most one can win', () => {
    const result = settleKenoTicket(TWB01, ticket(2, superPlay(1, 66, 80)), { numbers: drawEndingWith(66, [1]) });
    expect(result.lines.map((l) => l.prize)).toEqual([0, 240_000, 0]);
    expect(result.lines.every((l) => l.stake === 5_000)).toBe(true);
    expect(result.prize.amount).toBe(240_000);
  });
});

describe('a ticket with several plays', () => {
  it('adds up every line, and the lines add up to the ticket', () => {
    const numbers = drawEndingWith(66, [1, 2, 3]);
    const result = settleKenoTicket(
      TWB01,
      ticket(1, pick(3, [1, 2, 3]), { type: 'bigSmall', pick: 'small' }, { type: 'superNumber', numbers: [66, 70] }),
      { numbers },
    );
    expect(result.lines.map((l) => l.type)).toEqual(['pick', 'bigSmall', 'superNumber', 'superNumber']);
    expect(result.prize.amount).toBe(50_000 + 15_000 + 120_000);
    expect(result.lines.reduce((sum, l) => sum + l.prize, 0)).toBe(result.prize.amount);
  });
});

describe('Canada Keno and Speed Keno', () => {
  it('Canada pays one prize per ticket: the best of its lines', () => {
    const result = settleKenoTicket(CAB01, ticket(3, pick(3, [1, 2, 3]), pick(4, [1, 2, 3, 4])), { numbers: ONE_TO_TWENTY });
    expect(result.lines.map((l) => [l.basePrize, l.prize])).toEqual([[6_000, 0], [12_000, 12_000]]);
    expect(result.lines[0]?.adjustments).toEqual(['onePrize']);
    expect(result.prize).toEqual({ amount: 12_000, currency: 'CAD' });
  });

  it('Canada caps a single ticket at CAD 100,000 even before the draw is totalled', () => {
    const result = settleKenoTicket(CAB01, ticket(3, pick(10, ONE_TO_TWENTY.slice(0, 10))), { numbers: ONE_TO_TWENTY });
    expect(result.lines[0]).toMatchObject({ basePrize: 60_000_000, prize: 10_000_000, adjustments: ['perTicket'] });
  });

  it('Speed Keno settles against all 22 numbers and pays ₩4,000 for 10 picks with none drawn', () => {
    const draw = Array.from({ length: 22 }, (_, i) => i + 1);
    const none = settleKenoTicket(KRB01, ticket(1, pick(10, [61, 62, 63, 64, 65, 66, 67, 68, 69, 70])), { numbers: draw });
    expect(none.prize).toEqual({ amount: 4_000, currency: 'KRW' });
    const ten = settleKenoTicket(KRB01, ticket(1, pick(10, draw.slice(12))), { numbers: draw });
    expect(ten.prize.amount).toBe(25_000_000);
  });

  it('refuses to settle on a draw that does not fit the product', () => {
    expect(() => settleKenoTicket(KRB01, ticket(1, pick(2, [1, 2])), { numbers: ONE_TO_TWENTY })).toThrow(RangeError);
  });
});
