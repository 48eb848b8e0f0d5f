import { describe, expect, it } from 'vitest';
import { KENO_SCHEDULES } from '../schedule/keno-schedules.ts';
import { KENO_PRODUCTS, isKenoCode, kenoProduct } from './keno.ts';
import { kenoProductProblems } from './overrides.ts';
import type { Confidence, KenoProduct } from './types.ts';

const ALL = Object.values(KENO_PRODUCTS);

/** Every section of a product that states a confidence, as `path → confidence` (schedule excluded). */
function confidences(product: KenoProduct): Record<string, Confidence> {
  const found: Record<string, Confidence> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.confidence === 'string') found[path] = record.confidence as Confidence;
    for (const [key, inner] of Object.entries(record)) if (key !== 'schedule') walk(inner, path ? `${path}.${key}` : key);
  };
  walk(product, '');
  return found;
}

/** Expected return to the player of one star row, in tenths of a percent, exact hypergeometric odds. */
function returnPerMille(product: KenoProduct, stars: number): number {
  const choose = (n: number, k: number): bigint => {
    if (k < 0 || k > n) return 0n;
    let r = 1n;
    for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
    return r;
  };
  const { drawCount: d, poolSize: n } = product.matrix;
  let paid = 0n;
  for (const [matches, prize] of Object.entries(product.prizeTable.rows[stars] ?? {})) {
    const m = Number(matches);
    paid += BigInt(prize) * choose(d, m) * choose(n - d, stars - m);
  }
  const staked = choose(n, stars) * BigInt(product.unitStake.amount);
  return Number((paid * 2000n + staked) / (staked * 2n));
}

describe('the keno catalogue', () => {
  it('lists BINGO BINGO, Canada Keno 24h and Speed Keno, each findable by code', () => {
    expect(Object.keys(KENO_PRODUCTS)).toEqual(['TWB01', 'CAB01', 'KRB01']);
    expect(kenoProduct('TWB01')?.name).toBe('BINGO BINGO');
    expect(kenoProduct('CAB01')?.currency).toBe('CAD');
    expect(kenoProduct('KRB01')?.currency).toBe('KRW');
    expect(kenoProduct('USA01')).toBeNull();
    expect(kenoProduct('toString')).toBeNull();
    expect(isKenoCode('KRB01')).toBe(true);
  });

  it('draws 20 of 80 for BINGO and Canada and 22 of 70 for Speed Keno', () => {
    expect(KENO_PRODUCTS.TWB01.matrix).toMatchObject({ drawCount: 20, poolSize: 80 });
    expect(KENO_PRODUCTS.CAB01.matrix).toMatchObject({ drawCount: 20, poolSize: 80 });
    expect(KENO_PRODUCTS.KRB01.matrix).toMatchObject({ drawCount: 22, poolSize: 70 });
  });

  it('lets a player pick 1–10 stars on BINGO and Canada, 2–10 on Speed Keno', () => {
    expect(KENO_PRODUCTS.TWB01.picks).toMatchObject({ min: 1, max: 10 });
    expect(KENO_PRODUCTS.CAB01.picks).toMatchObject({ min: 1, max: 10 });
    expect(KENO_PRODUCTS.KRB01.picks).toMatchObject({ min: 2, max: 10 });
  });

  it('asks for at least 3 units on every keno product', () => {
    for (const product of ALL) expect(product.minimumUnits).toBe(3);
  });

  it('sells BINGO super numbers, up to 20 a ticket, NT$1,200 each on the 20th number', () => {
    expect(KENO_PRODUCTS.TWB01.superNumber).toMatchObject({ offered: true, maxNumbers: 20, prize: 120_000 });
    expect(KENO_PRODUCTS.CAB01.superNumber).toBeNull();
    expect(KENO_PRODUCTS.KRB01.superNumber).toBeNull();
  });

  it('offers every BINGO betting option of spec §3: big, small, odd, even, small odd, small even and draw', () => {
    const offered = Object.entries(KENO_PRODUCTS.TWB01.sideBets).filter(([, bet]) => bet.offered);
    expect(offered.map(([option]) => option)).toEqual(['big', 'small', 'odd', 'even', 'smallOdd', 'smallEven', 'draw']);
    expect(KENO_PRODUCTS.TWB01.sideBets).toMatchObject({
      smallOdd: { prize: 4_500 },
      smallEven: { prize: 4_500 },
      draw: { prize: 7_000 },
    });
  });

  it('stakes NT$25, CAD 1 and ₩1,000 a unit, in minor units of each currency', () => {
    expect(KENO_PRODUCTS.TWB01.unitStake).toMatchObject({ amount: 2_500, currency: 'TWD' });
    expect(KENO_PRODUCTS.CAB01.unitStake).toMatchObject({ amount: 100, currency: 'CAD' });
    expect(KENO_PRODUCTS.KRB01.unitStake).toMatchObject({ amount: 1_000, currency: 'KRW' });
  });

  it('uses the schedules of the schedule module', () => {
    for (const product of ALL) expect(product.schedule).toBe(KENO_SCHEDULES[product.code]);
  });

  it('holds sound data (whole amounts, a row per pickable star count, a source for every section)', () => {
    for (const product of ALL) expect(kenoProductProblems(product)).toEqual([]);
  });

  it('cannot be changed in place, so one deployment’s promotion never leaks into another', () => {
    expect(() => {
      (KENO_PRODUCTS.TWB01.prizeTable.rows[3] as Record<number, number>)[3] = 1;
    }).toThrow(TypeError);
    expect(KENO_PRODUCTS.TWB01.prizeTable.rows[3]?.[3]).toBe(50_000);
  });
});

describe('what the product tells a member about how sure we are', () => {
  it('BINGO: table, stake, matrix, big/small confirmed; super number medium; the rest unconfirmed', () => {
    expect(confidences(KENO_PRODUCTS.TWB01)).toEqual({
      unitStake: 'confirmed',
      matrix: 'confirmed',
      picks: 'confirmed',
      maxMultiplier: 'unconfirmed',
      prizeTable: 'confirmed',
      'sideBets.big': 'confirmed',
      'sideBets.small': 'confirmed',
      'sideBets.odd': 'unconfirmed',
      'sideBets.even': 'unconfirmed',
      'sideBets.smallOdd': 'unconfirmed',
      'sideBets.smallEven': 'unconfirmed',
      'sideBets.draw': 'unconfirmed',
      sideBetNoWinner: 'unconfirmed',
      superNumber: 'medium',
      caps: 'unconfirmed',
    });
  });

  it('Canada: everything is unconfirmed, including the prize table and the caps', () => {
    expect(new Set(Object.values(confidences(KENO_PRODUCTS.CAB01)))).toEqual(new Set(['unconfirmed']));
    expect(KENO_PRODUCTS.CAB01.prizeTable.source).toMatch(/seed/i);
  });

  it('Speed Keno: only the 22-of-70 matrix is confirmed', () => {
    const facts = confidences(KENO_PRODUCTS.KRB01);
    expect(Object.entries(facts).filter(([, c]) => c !== 'unconfirmed')).toEqual([['matrix', 'confirmed']]);
    expect(KENO_PRODUCTS.KRB01.prizeTable.source).toMatch(/seed/i);
  });
});

describe('prize tables pay back what the reference computed, and seeds never more than they take', () => {
  // The reference's own arithmetic (TWB01 "Computed return"), per mille.
  const BINGO_RETURNS = [500, 560, 555, 508, 603, 611, 549, 626, 653, 592];

  it.each(BINGO_RETURNS.map((perMille, i) => [i + 1, perMille]))('BINGO %i stars returns %i‰', (stars, perMille) => {
    expect(returnPerMille(KENO_PRODUCTS.TWB01, stars)).toBe(perMille);
  });

  it('Canada’s seed returns exactly what BINGO does (same multiples, same 20 of 80)', () => {
    for (let stars = 1; stars <= 10; stars++) {
      expect(returnPerMille(KENO_PRODUCTS.CAB01, stars)).toBe(BINGO_RETURNS[stars - 1]);
    }
  });

  it('Speed Keno’s seed pays back between 40% and 55% on every pick count', () => {
    for (let stars = 2; stars <= 10; stars++) {
      const perMille = returnPerMille(KENO_PRODUCTS.KRB01, stars);
      expect(perMille, `${stars} numbers`).toBeGreaterThanOrEqual(400);
      expect(perMille, `${stars} numbers`).toBeLessThanOrEqual(550);
    }
  });

  it('Canada’s seed pays BINGO’s multiples of a CAD 1 stake (3 of 3 pays CAD 20, 10 of 10 CAD 200,000)', () => {
    expect(KENO_PRODUCTS.CAB01.prizeTable.rows[3]).toEqual({ 3: 2_000, 2: 200 });
    expect(KENO_PRODUCTS.CAB01.prizeTable.rows[10]?.[10]).toBe(20_000_000);
  });

  it('Speed Keno’s 10-number row is the one table found: ₩25M for 10, ₩4,000 for none', () => {
    expect(KENO_PRODUCTS.KRB01.prizeTable.rows[10]).toEqual({
      10: 25_000_000,
      9: 1_000_000,
      8: 100_000,
      7: 10_000,
      6: 2_000,
      5: 1_000,
      0: 4_000,
    });
  });
});
