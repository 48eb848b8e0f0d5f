import { DRAW_PRODUCTS, resultProblem } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { drawStats } from '../../src/games/draw/stats.ts';
import { cachedOdds, nextSimulatedJackpot, resultFromSeed, simulatedPoolAmounts } from '../../src/games/draw/result-source.ts';

const seed = 'ab'.repeat(32);

describe('the simulated draw-lottery source', () => {
  it('derives a valid result of every product from the seed, the same every time', () => {
    for (const product of Object.values(DRAW_PRODUCTS)) {
      const result = resultFromSeed(product, seed, 1_000);
      expect(resultProblem(product, result), product.code).toBeNull();
      expect(resultFromSeed(product, seed, 1_000)).toEqual(result);
    }
    expect(resultFromSeed(DRAW_PRODUCTS.HKA01, 'cd'.repeat(32), null)).not.toEqual(resultFromSeed(DRAW_PRODUCTS.HKA01, seed, null));
  });

  it('Power Play: a drawn multiplier; 10× never when the jackpot is above US$150M', () => {
    const multipliers = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const s = i.toString(16).padStart(2, '0').repeat(32);
      const result = resultFromSeed(DRAW_PRODUCTS.USA01, s, 50_000_000_000);
      multipliers.add(result.multiplier!);
    }
    expect([...multipliers].sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
  });

  it('pool amounts: the jackpot division pays the draw’s jackpot, the others positive whole dollars near half the odds', () => {
    const product = DRAW_PRODUCTS.HKA01;
    const amounts = simulatedPoolAmounts(product, product.table.divisions, cachedOdds(product), seed, 1_234_500_000);
    expect(Object.keys(amounts).map(Number)).toEqual([1, 2, 3]);
    expect(amounts[1]).toBe(1_234_500_000);
    // 2nd division: HK$10 / (1 / 2,330,636) × 0.5 / 3 ≈ HK$3.9M, ±20%.
    expect(amounts[2]! / 100).toBeGreaterThan(3_000_000);
    expect(amounts[2]! / 100).toBeLessThan(4_800_000);
    expect(amounts[3]! % 100).toBe(0);
  });

  it('jackpots roll over and grow, and reset to the base when won', () => {
    const product = DRAW_PRODUCTS.USA01;
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const next = nextSimulatedJackpot(product, 3_000_000_000, i.toString(16).padStart(2, '0').repeat(32))!;
      seen.add(next === 2_000_000_000 ? 'reset' : next > 3_000_000_000 ? 'grew' : 'other');
    }
    expect(seen).toEqual(new Set(['reset', 'grew']));
    expect(nextSimulatedJackpot(DRAW_PRODUCTS.TWA03, null, seed)).toBeNull();
  });

  it('a capped jackpot stops at its cap: EuroMillions at €250M, Loto 6 at ¥600M with carry-over', () => {
    const grownSeeds = Array.from({ length: 60 }, (_, i) => i.toString(16).padStart(2, '0').repeat(32));
    const euro = grownSeeds.map((s) => nextSimulatedJackpot(DRAW_PRODUCTS.FRA01, 24_500_000_000, s)!);
    expect(Math.max(...euro)).toBe(25_000_000_000);
    expect(euro.every((amount) => amount === 1_700_000_000 || amount === 25_000_000_000)).toBe(true);
    // Yen have no minor unit: Loto 6's first prize starts near ¥200M, not ¥20bn.
    expect(nextSimulatedJackpot(DRAW_PRODUCTS.JPA01, null, seed)).toBe(200_000_000);
    expect(Math.max(...grownSeeds.map((s) => nextSimulatedJackpot(DRAW_PRODUCTS.JPA01, 590_000_000, s)!))).toBe(600_000_000);
  });

  it('number statistics: frequency, draws since last seen, pairs and splits', () => {
    const product = DRAW_PRODUCTS.TWA03;
    const draws = [
      { issue: 'a', drawAt: new Date(1), result: { zones: [[1, 2, 3, 4, 5]], extra: [] } },
      { issue: 'b', drawAt: new Date(2), result: { zones: [[1, 2, 30, 31, 39]], extra: [] } },
      { issue: 'c', drawAt: new Date(3), result: { zones: [[7, 8, 9, 10, 11]], extra: [] } },
    ];
    const stats = drawStats(product, 'TWA03', draws);
    const zone = stats.zones[0]!;
    expect(zone.frequency[0]).toBe(2);
    expect(zone.frequency[38]).toBe(1);
    expect(zone.sinceLast[0]).toBe(1);
    expect(zone.sinceLast[6]).toBe(0);
    expect(zone.sinceLast[20]).toBe(3);
    expect(zone.pairs[0]).toEqual({ a: 1, b: 2, count: 2 });
    expect(zone.splits).toEqual([{ issue: 'a', odd: 3, high: 0 }, { issue: 'b', odd: 3, high: 3 }, { issue: 'c', odd: 3, high: 0 }]);
  });
});
