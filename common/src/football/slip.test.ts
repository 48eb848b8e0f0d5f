import { describe, expect, it } from 'vitest';
import type { MarketCode } from './markets.ts';
import { slipBets, slipLegs, slipShapeProblem, type FootballSlip } from './slip.ts';

type Pick = FootballSlip['legs'][number];
const pick = (eventId: string, market: MarketCode, selection: string, odds = '2.00', line?: string): Pick =>
  line === undefined ? { eventId, market, selection, odds } : { eventId, market, selection, odds, line };
const allUp = (formula: string | undefined, ...legs: Pick[]): FootballSlip => ({
  mode: 'allup',
  ...(formula === undefined ? {} : { formula }),
  legs,
  unitStake: { amount: 1_000, currency: 'HKD' },
});
const single = (...legs: Pick[]): FootballSlip => ({ mode: 'single', legs, unitStake: { amount: 1_000, currency: 'HKD' } });
const had = (n: number) => Array.from({ length: n }, (_, i) => pick(`e${i + 1}`, 'HAD', 'H'));

describe('legs: one per match in an all-up, one per match and market for singles', () => {
  it('gathers several selections on one match into one leg', () => {
    const slip = allUp('2x1', pick('e1', 'HAD', 'H'), pick('e2', 'CRS', '1:0'), pick('e1', 'HAD', 'D'));
    expect(slipLegs(slip)).toEqual([
      { eventId: 'e1', market: 'HAD', picks: [0, 2] },
      { eventId: 'e2', market: 'CRS', picks: [1] },
    ]);
    expect(slipBets(slip)).toBe(2);
  });

  it('keeps singles on different markets of one match apart', () => {
    const slip = single(pick('e1', 'HAD', 'H'), pick('e1', 'TTG', '2'), pick('e1', 'HAD', 'D'));
    expect(slipLegs(slip)).toEqual([
      { eventId: 'e1', market: 'HAD', picks: [0, 2] },
      { eventId: 'e1', market: 'TTG', picks: [1] },
    ]);
    expect(slipBets(slip)).toBe(3);
  });

  it('counts a 3x7 with two selections on its first match as 11 bets', () => {
    expect(slipBets(allUp('3x7', pick('e1', 'HAD', 'H'), pick('e1', 'HAD', 'D'), pick('e2', 'HAD', 'A'), pick('e3', 'HAD', 'H')))).toBe(11);
  });
});

describe('the shape of a slip', () => {
  it.each<[string, FootballSlip]>([
    ['a single', single(pick('e1', 'HAD', 'H'))],
    ['singles on every market of one match', single(pick('e1', 'HAD', 'H'), pick('e1', 'HDC', 'A', '1.90', '-0.5/-1.0'), pick('e1', 'FGS', '115'))],
    ['a 2-leg all-up', allUp('2x1', ...had(2))],
    ['an 8-leg all-up', allUp('8x255', ...had(8))],
    ['a 6-leg all-up with a CRS leg', allUp('6x63', ...had(5), pick('e6', 'CRS', 'HO'))],
    ['a 6-leg all-up of FGS legs', allUp('6x1', ...Array.from({ length: 6 }, (_, i) => pick(`e${i}`, 'FGS', '201')))],
    ['several selections in one leg', allUp('3x4', pick('e1', 'CRS', '1:0'), pick('e1', 'CRS', '2:0'), ...had(3).slice(1))],
    ['a mixed all-up', allUp('3x7', pick('e1', 'HIL', 'H', '1.85', '2.5/3.0'), pick('e2', 'HHA', 'D', '3.40', '-1.0'), pick('e3', 'OOE', 'E'))],
  ])('accepts %s', (_, slip) => {
    expect(slipShapeProblem(slip)).toBeNull();
  });

  it.each<[string, FootballSlip, Record<string, string>]>([
    ['no picks', single(), { legs: 'required' }],
    ['an unknown mode', { ...single(pick('e1', 'HAD', 'H')), mode: 'parlay' as never }, { mode: 'invalid' }],
    ['a pick without an event', single(pick('', 'HAD', 'H')), { 'legs.0.eventId': 'required' }],
    ['an unknown market', single(pick('e1', 'NTS' as MarketCode, 'H')), { 'legs.0.market': 'invalid' }],
    ['an HDC pick without a line', single(pick('e1', 'HDC', 'H')), { 'legs.0.line': 'required' }],
    ['a selection the market does not have', single(pick('e1', 'HAD', 'X')), { 'legs.0.selection': 'invalid' }],
    ['a malformed price', single(pick('e1', 'HAD', 'H', '2.1.0')), { 'legs.0.odds': 'invalid' }],
    ['the same pick twice', single(pick('e1', 'HAD', 'H'), pick('e1', 'HAD', 'H')), { 'legs.1.selection': 'invalid' }],
    ['an all-up without a formula', allUp(undefined, ...had(2)), { formula: 'required' }],
    ['an unknown formula', allUp('2x2', ...had(2)), { formula: 'invalid' }],
    ['singles with a formula', { ...single(pick('e1', 'HAD', 'H')), formula: '2x1' }, { formula: 'invalid' }],
  ])('refuses %s', (_, slip, fields) => {
    expect(slipShapeProblem(slip)).toEqual({ code: 'validation_failed', fields });
  });

  it('refuses two markets of one match in an all-up', () => {
    expect(slipShapeProblem(allUp('2x1', pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H'), pick('e1', 'TTG', '2')))).toEqual({
      code: 'validation_failed',
      fields: { 'legs.2.market': 'invalid' },
      details: { rule: 'oneMarketPerMatch', eventId: 'e1' },
    });
  });

  it.each<[string, FootballSlip, number, number]>([
    ['one match', allUp('2x1', pick('e1', 'HAD', 'H'), pick('e1', 'HAD', 'D')), 8, 1],
    ['a 9th match', allUp('8x1', ...had(9)), 8, 9],
    ['7 matches with CRS', allUp('7x1', ...had(6), pick('e7', 'CRS', '0:0')), 6, 7],
    ['7 matches with FCS', allUp('7x1', ...had(6), pick('e7', 'FCS', '0:0')), 6, 7],
    ['7 matches with HFT', allUp('7x1', ...had(6), pick('e7', 'HFT', 'DD')), 6, 7],
    ['7 matches with FGS', allUp('7x1', ...had(6), pick('e7', 'FGS', 'N')), 6, 7],
  ])('refuses an all-up of %s', (_, slip, maximum, legs) => {
    expect(slipShapeProblem(slip)).toEqual({
      code: 'validation_failed',
      fields: { legs: 'invalid' },
      details: { rule: 'legCount', minimum: 2, maximum, legs },
    });
  });

  it('refuses a formula for another number of matches', () => {
    expect(slipShapeProblem(allUp('3x4', ...had(4)))).toEqual({
      code: 'validation_failed',
      fields: { formula: 'invalid' },
      details: { rule: 'formulaLegs', legs: 4, formulaLegs: 3 },
    });
  });
});
