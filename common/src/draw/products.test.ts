import { describe, expect, it } from 'vitest';
import { DRAW_PRODUCTS, drawProduct } from './products.ts';
import { divisionOdds, matchLine, settleDrawTicket, divisionUnitPrize } from './settle.ts';
import { drawProductProblems, withDrawOverrides } from './overrides.ts';
import { DRAW_CODES, type Division, type DrawCode, type DrawResult } from './types.ts';

/** The division a single line wins and what it pays (fixed prizes; pools read as null), per unit. */
function wins(code: DrawCode, line: number[][], result: DrawResult, options: { play?: string; addOns?: string[]; lineMultipliers?: number[]; partialUnit?: boolean } = {}) {
  const product = DRAW_PRODUCTS[code];
  const entries = [{ zones: line }];
  const settled = settleDrawTicket(product, { entries, ...options }, result, (d: Division) => divisionUnitPrize(d, { poolAmounts: {}, winners: {} }));
  const only = settled.lines[0];
  return { division: only?.division ?? null, prize: only ? only.prize : 0 };
}

describe('every product: a worked example from its prize table (reference, lotteries.md)', () => {
  it('AUA01 Powerball AU: 7+PB is Division 1, 5+PB Division 5, 2+PB Division 9 — all pool prizes (pending until announced)', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6, 7], [9]], extra: [] };
    expect(wins('AUA01', [[1, 2, 3, 4, 5, 6, 7], [9]], result)).toEqual({ division: 1, prize: null });
    expect(wins('AUA01', [[1, 2, 3, 4, 5, 20, 21], [9]], result)).toEqual({ division: 5, prize: null });
    expect(wins('AUA01', [[1, 2, 20, 21, 22, 23, 24], [9]], result)).toEqual({ division: 9, prize: null });
    expect(wins('AUA01', [[1, 2, 20, 21, 22, 23, 24], [8]], result)).toEqual({ division: null, prize: 0 });
  });

  it('USA01 Powerball: 4+PB pays US$50,000; with Power Play 3× US$150,000; Match 5 with Power Play is always US$2M; PB only US$4', () => {
    const result = { zones: [[10, 20, 30, 40, 50], [7]], extra: [], multiplier: 3 };
    expect(wins('USA01', [[10, 20, 30, 40, 1], [7]], result)).toEqual({ division: 3, prize: 5_000_000 });
    expect(wins('USA01', [[10, 20, 30, 40, 1], [7]], result, { addOns: ['powerPlay'] })).toEqual({ division: 3, prize: 15_000_000 });
    expect(wins('USA01', [[10, 20, 30, 40, 50], [8]], result, { addOns: ['powerPlay'] })).toEqual({ division: 2, prize: 200_000_000 });
    expect(wins('USA01', [[1, 2, 3, 4, 5], [7]], result)).toEqual({ division: 9, prize: 400 });
    expect(wins('USA01', [[10, 20, 30, 40, 50], [7]], result)).toEqual({ division: 1, prize: null });
  });

  it('USA02 Mega Millions (2025): base × the multiplier printed on the play — 4+MB at 3× is US$30,000, MB only at 10× is US$50', () => {
    const result = { zones: [[11, 22, 33, 44, 55], [5]], extra: [] };
    expect(wins('USA02', [[11, 22, 33, 44, 1], [5]], result, { lineMultipliers: [3] })).toEqual({ division: 3, prize: 3_000_000 });
    expect(wins('USA02', [[1, 2, 3, 4, 6], [5]], result, { lineMultipliers: [10] })).toEqual({ division: 9, prize: 5_000 });
    expect(wins('USA02', [[11, 22, 33, 44, 55], [6]], result, { lineMultipliers: [2] })).toEqual({ division: 2, prize: 200_000_000 });
  });

  it('FRA01 EuroMillions: 4+2 is rank 4, 2+0 rank 13 (pool), 1+1 wins nothing', () => {
    const result = { zones: [[5, 15, 25, 35, 45], [3, 9]], extra: [] };
    expect(wins('FRA01', [[5, 15, 25, 35, 1], [3, 9]], result)).toEqual({ division: 4, prize: null });
    expect(wins('FRA01', [[5, 15, 1, 2, 4], [1, 2]], result)).toEqual({ division: 13, prize: null });
    expect(wins('FRA01', [[5, 1, 2, 4, 6], [3, 1]], result)).toEqual({ division: null, prize: 0 });
  });

  it('HKA01 Mark Six: 4 + extra HK$9,600 (HK$4,800 on a partial unit), 3 alone HK$40, 5 + extra 2nd division (pool)', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6]], extra: [10] };
    expect(wins('HKA01', [[1, 2, 3, 4, 10, 20]], result)).toEqual({ division: 4, prize: 960_000 });
    expect(wins('HKA01', [[1, 2, 3, 30, 31, 32]], result)).toEqual({ division: 7, prize: 4_000 });
    expect(wins('HKA01', [[1, 2, 3, 4, 5, 10]], result)).toEqual({ division: 2, prize: null });
    const partial = settleDrawTicket(DRAW_PRODUCTS.HKA01, { entries: [{ zones: [[1, 2, 3, 4, 10, 20, 21]] }], system: true, partialUnit: true }, result, (d) => divisionUnitPrize(d, { poolAmounts: {}, winners: {} }));
    // 7 lines: the 4+extra lines (dropping 20 or 21) pay HK$4,800 each; lines dropping one of 1–4 or 10 hit 3(+extra).
    expect(partial.lines.filter((l) => l.division === 4).map((l) => l.prize)).toEqual([480_000, 480_000]);
  });

  it('JPA01 Loto 6: 5 + bonus is 2nd, 4 is 4th whatever the bonus, 3 pays ¥1,000 fixed', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6]], extra: [7] };
    expect(wins('JPA01', [[1, 2, 3, 4, 5, 7]], result)).toEqual({ division: 2, prize: null });
    expect(wins('JPA01', [[1, 2, 3, 4, 7, 40]], result)).toEqual({ division: 4, prize: null });
    expect(wins('JPA01', [[1, 2, 3, 40, 41, 42]], result)).toEqual({ division: 5, prize: 1_000 });
  });

  it('JPA02 Loto 7: 6 + a bonus is 2nd, 3 + a bonus is 6th, 3 without a bonus wins nothing', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6, 7]], extra: [8, 9] };
    expect(wins('JPA02', [[1, 2, 3, 4, 5, 6, 9]], result)).toEqual({ division: 2, prize: null });
    expect(wins('JPA02', [[1, 2, 3, 8, 30, 31, 32]], result)).toEqual({ division: 6, prize: null });
    expect(wins('JPA02', [[1, 2, 3, 30, 31, 32, 33]], result)).toEqual({ division: null, prize: 0 });
  });

  it('TWA01 威力彩: 1+1 is 普獎 NT$100, 3+0 玖獎 NT$100, 5+1 參獎 NT$150,000, 6+0 貳獎 (pool)', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6], [8]], extra: [] };
    expect(wins('TWA01', [[1, 20, 21, 22, 23, 24], [8]], result)).toEqual({ division: 10, prize: 10_000 });
    expect(wins('TWA01', [[1, 2, 3, 22, 23, 24], [7]], result)).toEqual({ division: 9, prize: 10_000 });
    expect(wins('TWA01', [[1, 2, 3, 4, 5, 24], [8]], result)).toEqual({ division: 3, prize: 15_000_000 });
    expect(wins('TWA01', [[1, 2, 3, 4, 5, 6], [7]], result)).toEqual({ division: 2, prize: null });
  });

  it('TWA02 大樂透: 2 + special is 柒獎 NT$400, 3 + special 陸獎 NT$1,000, 3 alone 普獎 NT$400, 4 + special 肆獎 (pool)', () => {
    const result = { zones: [[1, 2, 3, 4, 5, 6]], extra: [49] };
    expect(wins('TWA02', [[1, 2, 49, 40, 41, 42]], result)).toEqual({ division: 7, prize: 40_000 });
    expect(wins('TWA02', [[1, 2, 3, 49, 41, 42]], result)).toEqual({ division: 6, prize: 100_000 });
    expect(wins('TWA02', [[1, 2, 3, 40, 41, 42]], result)).toEqual({ division: 8, prize: 40_000 });
    expect(wins('TWA02', [[1, 2, 3, 4, 49, 42]], result)).toEqual({ division: 4, prize: null });
  });

  it('TWA03 今彩539: all fixed — 5 NT$8M, 4 NT$20,000, 3 NT$300, 2 NT$50', () => {
    const result = { zones: [[3, 13, 23, 33, 39]], extra: [] };
    expect(wins('TWA03', [[3, 13, 23, 33, 39]], result)).toEqual({ division: 1, prize: 800_000_000 });
    expect(wins('TWA03', [[3, 13, 23, 33, 1]], result)).toEqual({ division: 2, prize: 2_000_000 });
    expect(wins('TWA03', [[3, 13, 23, 1, 2]], result)).toEqual({ division: 3, prize: 30_000 });
    expect(wins('TWA03', [[3, 13, 1, 2, 4]], result)).toEqual({ division: 4, prize: 5_000 });
  });

  it('TWA04 39樂合彩 on the 539 draw: 二合 NT$1,125, 三合 NT$11,250, 四合 NT$212,500 per NT$25', () => {
    const result = { zones: [[3, 13, 23, 33, 39]], extra: [] };
    expect(wins('TWA04', [[3, 13]], result, { play: '2' })).toEqual({ division: 1, prize: 112_500 });
    expect(wins('TWA04', [[3, 13, 39]], result, { play: '3' })).toEqual({ division: 1, prize: 1_125_000 });
    expect(wins('TWA04', [[3, 13, 23, 33]], result, { play: '4' })).toEqual({ division: 1, prize: 21_250_000 });
    expect(wins('TWA04', [[3, 13, 1]], result, { play: '3' })).toEqual({ division: null, prize: 0 });
  });

  it('TWA05 雙贏彩: mirrored — 12 or 0 hits NT$15M, 11 or 1 NT$100,000, 9 or 3 NT$100, 6 nothing', () => {
    const drawn = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const result = { zones: [drawn], extra: [] };
    const others = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
    expect(wins('TWA05', [drawn], result)).toEqual({ division: 1, prize: 1_500_000_000 });
    expect(wins('TWA05', [others], result)).toEqual({ division: 1, prize: 1_500_000_000 });
    expect(wins('TWA05', [[1, ...others.slice(0, 11)]], result)).toEqual({ division: 2, prize: 10_000_000 });
    expect(wins('TWA05', [[...drawn.slice(0, 3), ...others.slice(0, 9)]], result)).toEqual({ division: 4, prize: 10_000 });
    expect(wins('TWA05', [[...drawn.slice(0, 6), ...others.slice(0, 6)]], result)).toEqual({ division: null, prize: 0 });
  });
});

describe('the odds of each division are the reference’s (exact hypergeometric)', () => {
  const oneIn = (code: DrawCode, division: number, play?: string) => Math.round(1 / divisionOdds(DRAW_PRODUCTS[code], play).find((d) => d.division === division)!.probability);
  it.each([
    ['AUA01', 1, 134_490_400],
    ['USA01', 1, 292_201_338],
    ['USA02', 1, 290_472_336],
    ['USA02', 2, 12_629_232],
    ['USA02', 3, 893_761],
    ['USA02', 9, 35],
    ['FRA01', 1, 139_838_160],
    ['HKA01', 1, 13_983_816],
    ['JPA01', 1, 6_096_454],
    ['JPA02', 1, 10_295_472],
    ['TWA01', 1, 22_085_448],
  ] as const)('%s division %i: 1 in %i', (code, division, odds) => {
    expect(oneIn(code, division)).toBe(odds);
  });
});

describe('catalogue data', () => {
  it('holds the twelve products, each sound, each with its currency and a sourced stake', () => {
    expect(DRAW_CODES).toHaveLength(12);
    for (const code of DRAW_CODES) {
      const product = DRAW_PRODUCTS[code];
      expect(drawProductProblems(product), code).toEqual([]);
      expect(product.unitStake.currency).toBe(product.currency);
      expect(product.unitStake.source.length).toBeGreaterThan(5);
    }
    expect(drawProduct('XXX01')).toBeNull();
  });

  it('雙贏彩 is in the catalogue but not on sale, with its reason; the operator can put it on sale', () => {
    const twa05 = DRAW_PRODUCTS.TWA05;
    expect(twa05.availability).toMatchObject({ onSale: false, reasonCode: 'discontinued' });
    const back = withDrawOverrides(twa05, { source: 'back office, simulated draws', availability: { onSale: true } });
    expect(back.availability).toEqual({ onSale: true, reason: null, reasonCode: null });
  });

  it('an override changes a prize and says who changed it; a bad one fails loudly', () => {
    const promo = withDrawOverrides(DRAW_PRODUCTS.TWA03, { source: 'promotion', prizes: { 4: { kind: 'fixed', amount: 10_000 } } });
    expect(promo.table.divisions[3]!.prize).toEqual({ kind: 'fixed', amount: 10_000 });
    expect(promo.table.source).toContain('Changed by the operator: promotion');
    expect(() => withDrawOverrides(DRAW_PRODUCTS.TWA03, { source: 'typo', prizes: { 4: { kind: 'fixed', amount: 12.5 } } })).toThrow(/division 4/);
    expect(() => withDrawOverrides(DRAW_PRODUCTS.TWA03, { source: ' ' })).toThrow(/source/);
  });

  it('matchLine reports hits per zone and extra hits', () => {
    const match = matchLine(DRAW_PRODUCTS.HKA01, undefined, [[1, 2, 3, 4, 10, 20]], { zones: [[1, 2, 3, 4, 5, 6]], extra: [10] });
    expect(match).toMatchObject({ hits: [4], extraHits: 1, division: { id: 4 } });
  });
});
