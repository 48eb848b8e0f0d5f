import { describe, expect, it } from 'vitest';
import { acceptPrices, conflictingEvents, EMPTY_SLIP, orderBody, resolveFormula, togglePick, type Slip, type SlipPick } from './slip.ts';

const pick = (eventId: string, market: SlipPick['market'], selection: string, odds = '2.00', line: string | null = null): SlipPick => ({ eventId, market, line, selection, odds });
const slip = (patch: Partial<Slip>): Slip => ({ ...EMPTY_SLIP, ...patch });
const add = (s: Slip, ...picks: SlipPick[]) => picks.reduce((acc, p) => togglePick(acc, p).slip, s);

describe('building the bet slip', () => {
  it('adds a clicked price and takes it out again on a second click', () => {
    const once = togglePick(slip({}), pick('e1', 'HAD', 'H'));
    expect(once.slip.picks).toEqual([pick('e1', 'HAD', 'H')]);
    const twice = togglePick(once.slip, pick('e1', 'HAD', 'H', '2.30'));
    expect(twice.removed).toBe(true);
    expect(twice.slip.picks).toEqual([]);
  });

  it('in an all-up, picking another market of a match already in the slip replaces the earlier pick, as HKJC does', () => {
    const before = add(slip({ mode: 'allup' }), pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'A'));
    const change = togglePick(before, pick('e1', 'CRS', '1:0', '7.50'));
    expect(change.replaced).toEqual([pick('e1', 'HAD', 'H')]);
    expect(change.slip.picks).toEqual([pick('e2', 'HAD', 'A'), pick('e1', 'CRS', '1:0', '7.50')]);
  });

  it('keeps several selections in the same market of one match together as a multiple-selection leg', () => {
    const s = add(slip({ mode: 'allup' }), pick('e1', 'HAD', 'H'), pick('e1', 'HAD', 'D'), pick('e2', 'HIL', 'H', '1.90', '2.5'), pick('e2', 'HIL', 'L', '1.90', '2.5'));
    expect(s.picks).toHaveLength(4);
    expect(conflictingEvents(s)).toEqual([]);
  });

  it('lets singles hold picks on different markets of the same match, and flags them when switched to all-up', () => {
    const s = add(slip({ mode: 'single' }), pick('e1', 'HAD', 'H'), pick('e1', 'TTG', '2'));
    expect(s.picks).toHaveLength(2);
    expect(conflictingEvents(s)).toEqual([]);
    expect(conflictingEvents({ ...s, mode: 'allup' })).toEqual(['e1']);
  });
});

describe('the order body', () => {
  it('sends the picks with their taken prices, the line only where there is one, the amount in HKD cents and the formula', () => {
    const s = add(slip({ mode: 'allup', allUp: { kind: 'atLeast', wins: 2 }, unitDollars: 10, acceptBetterOdds: true }), pick('a', 'HAD', 'H', '2.10'), pick('b', 'HDC', 'A', '1.95', '-0.5/-1.0'), pick('c', 'OOE', 'E', '1.90'));
    expect(orderBody(s)).toEqual({
      productCode: 'HKS01',
      mode: 'allup',
      formula: '3x4',
      legs: [
        { eventId: 'a', market: 'HAD', selection: 'H', odds: '2.10' },
        { eventId: 'b', market: 'HDC', line: '-0.5/-1.0', selection: 'A', odds: '1.95' },
        { eventId: 'c', market: 'OOE', selection: 'E', odds: '1.90' },
      ],
      unitStake: { amount: 1000, currency: 'HKD' },
      acceptBetterOdds: true,
    });
  });

  it('has no body while the slip is empty, has no amount, or an all-up has one match', () => {
    expect(orderBody(slip({}))).toBeNull();
    expect(orderBody(add(slip({ unitDollars: null }), pick('a', 'HAD', 'H')))).toBeNull();
    expect(orderBody(add(slip({ mode: 'allup' }), pick('a', 'HAD', 'H')))).toBeNull();
    expect(orderBody(add(slip({ mode: 'single', unitDollars: 50 }), pick('a', 'HAD', 'H')))).toMatchObject({ mode: 'single', unitStake: { amount: 5000 } });
  });
});

describe('the all-up choice', () => {
  it('maps all must win to n×1 and at least N to the formula of every fold from N up', () => {
    expect(resolveFormula({ kind: 'all' }, 4)?.code).toBe('4x1');
    expect(resolveFormula({ kind: 'atLeast', wins: 2 }, 3)?.code).toBe('3x4');
    expect(resolveFormula({ kind: 'atLeast', wins: 1 }, 5)?.code).toBe('5x31');
    expect(resolveFormula({ kind: 'atLeast', wins: 3 }, 7)).toBeNull();
  });

  it('drops back to all must win when a picked formula no longer fits the number of matches', () => {
    expect(resolveFormula({ kind: 'formula', code: '4x6' }, 4)?.code).toBe('4x6');
    expect(resolveFormula({ kind: 'formula', code: '4x6' }, 5)?.code).toBe('5x1');
    expect(resolveFormula({ kind: 'atLeast', wins: 3 }, 3)?.code).toBe('3x1');
    expect(resolveFormula({ kind: 'all' }, 1)).toBeNull();
  });
});

describe('accepting new prices', () => {
  it('takes the current price of each moved pick and leaves a withdrawn selection for the member to remove', () => {
    const s = add(slip({}), pick('a', 'HAD', 'H', '2.10'), pick('b', 'HIL', 'H', '1.90', '2.5'));
    const next = acceptPrices(s, [
      { eventId: 'a', market: 'HAD', line: null, selection: 'H', odds: '2.25' },
      { eventId: 'b', market: 'HIL', line: '2.5', selection: 'H', odds: null },
    ]);
    expect(next.picks.map((p) => p.odds)).toEqual(['2.25', '1.90']);
  });
});

describe('selection order', () => {
  it('shows selections in reading order whatever order the feed sends them', async () => {
    const { orderSelections } = await import('./selection-order.ts');
    const keys = (code: Parameters<typeof orderSelections>[0], list: string[]) => orderSelections(code, list.map((key) => ({ key }))).map((s) => s.key);
    expect(keys('HAD', ['A', 'D', 'H'])).toEqual(['H', 'D', 'A']);
    expect(keys('HFT', ['AA', 'HD', 'HH'])).toEqual(['HH', 'HD', 'AA']);
    expect(keys('FGS', ['N', '201', '102', '101'])).toEqual(['101', '102', '201', 'N']);
    expect(keys('CRS', ['OAN', '0:0', '1:0', 'HO'])).toEqual(['1:0', '0:0', 'HO', 'OAN']);
  });
});

describe('the order attempt', () => {
  it('gives the same slip the same fingerprint, so a retry reuses its Idempotency-Key, and a changed price a new one', async () => {
    const { footballFingerprint } = await import('./order-fingerprint.ts');
    const { attemptFor } = await import('../../shared/orders/order-attempt.ts');
    const s = add(slip({ mode: 'allup', unitDollars: 10 }), pick('a', 'HAD', 'H', '2.10'), pick('b', 'HAD', 'A', '3.00'));
    const body = orderBody(s)!;
    const reordered = { unitStake: body.unitStake, legs: body.legs, formula: body.formula, mode: body.mode, productCode: body.productCode };
    expect(footballFingerprint(reordered)).toBe(footballFingerprint(body));

    let keys = 0;
    const newKey = () => `k${++keys}`;
    const first = attemptFor(null, footballFingerprint(body), newKey);
    expect(attemptFor(first, footballFingerprint(reordered), newKey)).toBe(first);
    const repriced = orderBody(acceptPrices(s, [{ eventId: 'a', market: 'HAD', line: null, selection: 'H', odds: '2.20' }]))!;
    expect(attemptFor(first, footballFingerprint(repriced), newKey).key).toBe('k2');
  });
});
