import { describe, expect, it } from 'vitest';
import { KENO_PRODUCTS } from '../products/keno.ts';
import type { KenoProduct } from '../products/types.ts';
import { applyDrawCaps, settleKenoTicket, type KenoSettlement } from './keno.ts';

const { TWB01, CAB01 } = KENO_PRODUCTS;
const DRAW = { numbers: Array.from({ length: 20 }, (_, i) => i + 1) };
const TEN_OF_TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const NINE_OF_TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 80];
const NONE_OF_TEN = [71, 72, 73, 74, 75, 76, 77, 78, 79, 80];
const NT = (dollars: number) => dollars * 100;
const CAD = (dollars: number) => dollars * 100;

const settle = (product: KenoProduct, multiplier: number, numbers: number[]) =>
  settleKenoTicket(product, { multiplier, plays: [{ type: 'pick', stars: numbers.length, numbers }] }, DRAW);
const prizes = (settlements: KenoSettlement[]) => settlements.map((s) => s.prize.amount);
const total = (settlements: KenoSettlement[]) => prizes(settlements).reduce((sum, p) => sum + p, 0);

describe('BINGO: 10-star prizes share at most NT$100 million a draw', () => {
  it('pays in full below NT$100M (NT$50M + NT$45M)', () => {
    const tickets = [settle(TWB01, 10, TEN_OF_TEN), settle(TWB01, 9, TEN_OF_TEN)];
    expect(prizes(applyDrawCaps(TWB01, tickets))).toEqual([NT(50_000_000), NT(45_000_000)]);
  });

  it('pays in full at exactly NT$100M', () => {
    const tickets = [settle(TWB01, 10, TEN_OF_TEN), settle(TWB01, 10, TEN_OF_TEN)];
    const capped = applyDrawCaps(TWB01, tickets);
    expect(prizes(capped)).toEqual([NT(50_000_000), NT(50_000_000)]);
    expect(capped.every((s) => s.lines[0]?.adjustments.length === 0)).toBe(true);
  });

  it('above NT$100M cuts every 10-star prize in proportion, rounded down to whole dollars', () => {
    const tickets = [
      settle(TWB01, 10, TEN_OF_TEN), // NT$50M
      settle(TWB01, 10, TEN_OF_TEN), // NT$50M
      settle(TWB01, 7, TEN_OF_TEN), // NT$35M
      settle(TWB01, 1, NINE_OF_TEN), // NT$250,000
    ];
    const capped = applyDrawCaps(TWB01, tickets);
    expect(prizes(capped)).toEqual([NT(36_968_576), NT(36_968_576), NT(25_878_003), NT(184_842)]);
    expect(total(capped)).toBeLessThanOrEqual(NT(100_000_000));
    expect(capped[0]?.lines[0]).toMatchObject({ basePrize: NT(50_000_000), adjustments: ['starPool'] });
  });

  it('keeps the dollars lost to rounding rather than paying past the pool (3 × NT$50M)', () => {
    const capped = applyDrawCaps(TWB01, [1, 2, 3].map(() => settle(TWB01, 10, TEN_OF_TEN)));
    expect(prizes(capped)).toEqual([NT(33_333_333), NT(33_333_333), NT(33_333_333)]);
    expect(total(capped)).toBe(NT(99_999_999));
  });

  it('one dollar over the pool trims the NT$25 consolation too (to NT$24)', () => {
    const tickets = [settle(TWB01, 10, TEN_OF_TEN), settle(TWB01, 10, TEN_OF_TEN), settle(TWB01, 1, NONE_OF_TEN)];
    expect(prizes(applyDrawCaps(TWB01, tickets))).toEqual([NT(49_999_987), NT(49_999_987), NT(24)]);
  });

  it('leaves other star counts and side bets alone', () => {
    const nine = settle(TWB01, 10, TEN_OF_TEN.slice(0, 9)); // 9 stars, 9 matched: NT$10M
    const tickets = [1, 2, 3].map(() => settle(TWB01, 10, TEN_OF_TEN));
    expect(applyDrawCaps(TWB01, [...tickets, nine])[3]?.prize.amount).toBe(NT(10_000_000));
  });

  it('gives the same answer when applied twice (a settlement job may re-run)', () => {
    const tickets = [settle(TWB01, 10, TEN_OF_TEN), settle(TWB01, 7, TEN_OF_TEN), settle(TWB01, 10, TEN_OF_TEN)];
    const once = applyDrawCaps(TWB01, tickets);
    expect(applyDrawCaps(TWB01, once)).toEqual(once);
  });

  it('does not change the settlements it was given', () => {
    const tickets = [1, 2, 3].map(() => settle(TWB01, 10, TEN_OF_TEN));
    applyDrawCaps(TWB01, tickets);
    expect(prizes(tickets)).toEqual([NT(50_000_000), NT(50_000_000), NT(50_000_000)]);
  });
});

describe('Canada Keno: CAD 100,000 a ticket, and 10-of-10 winners share CAD 200,000 by stake', () => {
  it('caps a single ticket over CAD 100,000', () => {
    const capped = applyDrawCaps(CAB01, [settle(CAB01, 3, TEN_OF_TEN)]);
    expect(capped[0]?.prize).toEqual({ amount: CAD(100_000), currency: 'CAD' });
  });

  it('two 10-of-10 tickets with equal stakes get CAD 100,000 each', () => {
    const capped = applyDrawCaps(CAB01, [settle(CAB01, 3, TEN_OF_TEN), settle(CAB01, 3, TEN_OF_TEN)]);
    expect(prizes(capped)).toEqual([CAD(100_000), CAD(100_000)]);
  });

  it('two 10-of-10 tickets with CAD 3 and CAD 10 stakes: 3/13 of the pool, and the rest capped', () => {
    const capped = applyDrawCaps(CAB01, [settle(CAB01, 3, TEN_OF_TEN), settle(CAB01, 10, TEN_OF_TEN)]);
    expect(prizes(capped)).toEqual([4_615_384, CAD(100_000)]); // CAD 46,153.84 and CAD 100,000
    expect(capped[0]?.lines[0]?.adjustments).toEqual(['sharedTopPrize']);
    expect(capped[1]?.lines[0]?.adjustments).toEqual(['sharedTopPrize', 'perTicket']);
  });

  it('three tickets staking CAD 3, 4 and 5 share CAD 200,000 as 3:4:5, rounded down to the cent', () => {
    const tickets = [3, 4, 5].map((multiplier) => settle(CAB01, multiplier, TEN_OF_TEN));
    const capped = applyDrawCaps(CAB01, tickets);
    expect(prizes(capped)).toEqual([CAD(50_000), 6_666_666, 8_333_333]);
    expect(total(capped)).toBeLessThanOrEqual(CAD(200_000));
  });

  it('ignores tickets that hit fewer than 10 when sharing', () => {
    const nine = settle(CAB01, 3, NINE_OF_TEN); // 9 of 10 at ×3: CAD 30,000
    const capped = applyDrawCaps(CAB01, [settle(CAB01, 3, TEN_OF_TEN), settle(CAB01, 3, TEN_OF_TEN), nine]);
    expect(prizes(capped)).toEqual([CAD(100_000), CAD(100_000), CAD(30_000)]);
  });

  it('still pays one prize per ticket after the draw’s caps', () => {
    const twoPlays = settleKenoTicket(
      CAB01,
      { multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }, { type: 'pick', stars: 10, numbers: TEN_OF_TEN }] },
      DRAW,
    );
    const [capped] = applyDrawCaps(CAB01, [twoPlays, settle(CAB01, 3, TEN_OF_TEN)]);
    expect(capped?.lines.map((l) => l.prize)).toEqual([0, CAD(100_000)]);
  });

  it('refuses settlements of another currency', () => {
    expect(() => applyDrawCaps(CAB01, [settle(TWB01, 3, TEN_OF_TEN)])).toThrow(RangeError);
  });
});
