import { describe, expect, it } from 'vitest';
import { KENO_PRODUCTS } from './keno.ts';
import { withOverrides } from './overrides.ts';
import type { KenoOverrides } from './types.ts';

const { TWB01, CAB01, KRB01 } = KENO_PRODUCTS;
const LANTERN_PROMO = 'Lantern Festival 2026 promotion';

/** Every prize cell as `"stars/matches" → amount`. */
function cells(rows: Readonly<Record<number, Readonly<Record<number, number>>>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [stars, row] of Object.entries(rows)) for (const [m, prize] of Object.entries(row)) out[`${stars}/${m}`] = prize;
  return out;
}

describe('deployment overrides of a keno product', () => {
  it('a promotion raising 3★ full match to ×40 changes only that cell', () => {
    const promo = withOverrides(TWB01, { source: LANTERN_PROMO, prizeTable: { rows: { 3: { 3: 100_000 } } } });
    const before = cells(TWB01.prizeTable.rows);
    const after = cells(promo.prizeTable.rows);
    expect(after['3/3']).toBe(100_000);
    expect({ ...after, '3/3': before['3/3'] }).toEqual(before);
    expect(promo.sideBets).toBe(TWB01.sideBets);
    expect(promo.caps).toBe(TWB01.caps);
    expect(promo.unitPrice).toBe(TWB01.unitPrice);
  });

  it('leaves the shipped product as it was', () => {
    withOverrides(TWB01, { source: LANTERN_PROMO, prizeTable: { rows: { 3: { 3: 100_000 } } } });
    expect(TWB01.prizeTable.rows[3]?.[3]).toBe(50_000);
  });

  it('says on the changed section who changed it, keeping the original source and confidence', () => {
    const promo = withOverrides(TWB01, { source: LANTERN_PROMO, prizeTable: { rows: { 3: { 3: 100_000 } } } });
    expect(promo.prizeTable.source).toContain(TWB01.prizeTable.source);
    expect(promo.prizeTable.source).toContain(LANTERN_PROMO);
    expect(promo.prizeTable.confidence).toBe('confirmed');
    expect(promo.matrix.source).toBe(TWB01.matrix.source);
  });

  it('lets an operator replace Canada’s seed table with the official one and mark it confirmed', () => {
    const official = withOverrides(CAB01, {
      source: 'WCLC game conditions',
      prizeTable: { rows: { 1: { 1: 250 } }, confidence: 'confirmed', source: 'WCLC Keno game conditions, 2026' },
    });
    expect(official.prizeTable).toMatchObject({ confidence: 'confirmed', source: 'WCLC Keno game conditions, 2026' });
    expect(official.prizeTable.rows[1]).toEqual({ 1: 250 });
    expect(official.prizeTable.rows[2]).toEqual(CAB01.prizeTable.rows[2]);
  });

  it('switches on the small odd / small even / draw bets without touching their prizes', () => {
    const fiveWay = withOverrides(TWB01, {
      source: 'operator sells the five-way odd/even again',
      sideBets: { smallOdd: { offered: true }, smallEven: { offered: true }, draw: { offered: true } },
    });
    expect(fiveWay.sideBets.smallOdd).toMatchObject({ offered: true, prize: 4_500, confidence: 'unconfirmed' });
    expect(fiveWay.sideBets.draw).toMatchObject({ offered: true, prize: 7_000 });
    expect(fiveWay.sideBets.big).toBe(TWB01.sideBets.big);
  });

  it('changes the maximum multiplier, the unit price and one cap field alone', () => {
    const changed = withOverrides(CAB01, {
      source: 'operator settings',
      unitPrice: 125,
      maxMultiplier: { value: 20 },
      caps: { perTicket: { amount: 5_000_000 } },
    });
    expect(changed.unitPrice).toBe(125);
    expect(changed.maxMultiplier.value).toBe(20);
    expect(changed.caps.perTicket).toEqual({ amount: 5_000_000, onePrize: true });
    expect(changed.caps.sharedTopPrize).toEqual(CAB01.caps.sharedTopPrize);
  });

  it('removes a cap given null', () => {
    const uncapped = withOverrides(TWB01, { source: 'operator confirmed no pool', caps: { starPool: null } });
    expect(uncapped.caps.starPool).toBeNull();
  });

  it('adds a new rule only when it says where it comes from', () => {
    const superNumber = { offered: true, prize: 48_000, maxNumbers: 10 };
    expect(() => withOverrides(KRB01, { source: 'lucky-number bet', superNumber })).toThrow(/superNumber.confidence/);
    const added = withOverrides(KRB01, {
      source: 'lucky-number bet',
      superNumber: { ...superNumber, confidence: 'unconfirmed', source: 'operator proposal' },
    });
    expect(added.superNumber).toMatchObject({ prize: 48_000, maxNumbers: 10 });
  });

  it.each<[string, Omit<KenoOverrides, 'source'>, RegExp]>([
    ['a fractional prize', { prizeTable: { rows: { 3: { 3: 12.5 } } } }, /rows\.3\.3 must be a whole amount/],
    ['a negative prize', { sideBets: { big: { prize: -1 } } }, /sideBets\.big/],
    ['more matches than stars', { prizeTable: { rows: { 3: { 4: 100 } } } }, /cannot match more than 3/],
    ['a multiplier of zero', { maxMultiplier: { value: 0 } }, /maxMultiplier/],
    ['a stake in another currency', { unitStake: { currency: 'USD' } }, /unitStake.currency must be TWD/],
    ['a unit price in fractions of a hundredth', { unitPrice: 99.5 }, /unitPrice/],
    ['a side bet that does not exist', { sideBets: { lucky: { offered: true } } } as never, /sideBets\.lucky is not a side bet/],
  ])('refuses %s', (_, change, problem) => {
    expect(() => withOverrides(TWB01, { source: 'typo', ...change })).toThrow(problem);
  });

  it('refuses an override that does not say where it comes from', () => {
    expect(() => withOverrides(TWB01, { source: ' ', unitPrice: 120 })).toThrow(/source/);
  });
});
