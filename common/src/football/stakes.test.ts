import { describe, expect, it } from 'vitest';
import { toPoints } from '../settle/convert.ts';
import type { MarketCode } from './markets.ts';
import type { FootballSlip } from './slip.ts';
import { footballCost, handlingFee, HKS01_STAKE_RULES, validateFootballSlip, type FeeSchedule } from './stakes.ts';

type Pick = FootballSlip['legs'][number];
const pick = (eventId: string, market: MarketCode, selection: string, odds = '2.00', line?: string): Pick =>
  line === undefined ? { eventId, market, selection, odds } : { eventId, market, selection, odds, line };
const hkd = (amount: number) => ({ amount, currency: 'HKD' as const });
const single = (unit: number, ...legs: Pick[]): FootballSlip => ({ mode: 'single', legs, unitStake: hkd(unit) });
const allUp = (formula: string, unit: number, ...legs: Pick[]): FootballSlip => ({ mode: 'allup', formula, legs, unitStake: hkd(unit) });
const hdc = (eventId: string) => pick(eventId, 'HDC', 'H', '1.90', '-0.5/-1.0');
const crs3x7 = (unit: number) => allUp('3x7', unit, pick('e1', 'CRS', '3:2', '22'), pick('e2', 'CRS', '1:1', '7.5'), pick('e3', 'CRS', '2:0', '15'));

describe('what a slip costs', () => {
  it('CRS 3x7 at HK$100 a bet stakes HK$700, plus the HK$30 fee', () => {
    expect(footballCost(crs3x7(10_000))).toEqual({ bets: 7, stake: hkd(70_000), fee: hkd(3_000), total: hkd(73_000) });
  });

  it('the minimum purchase is a HK$30 stake plus a HK$30 fee, about 7.7 GP', () => {
    const cost = footballCost(single(1_000, pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H'), pick('e3', 'HAD', 'H')));
    expect(cost).toEqual({ bets: 3, stake: hkd(3_000), fee: hkd(3_000), total: hkd(6_000) });
    // At HK$7.80 to 1 GP (GP hundredths per HKD cent = 100/780): 7.69 GP.
    expect(toPoints(cost.total, { numerator: 5, denominator: 39, currency: 'HKD' })).toBe(769);
  });

  it('reads the handling fee from a schedule', () => {
    const schedule: FeeSchedule = {
      bands: [
        { fromStake: 0, fixed: 3_000, basisPoints: 0 },
        { fromStake: 100_000, fixed: 0, basisPoints: 300 },
      ],
      confidence: 'unconfirmed',
      source: 'test schedule',
    };
    expect(handlingFee(3_000, schedule)).toBe(3_000);
    expect(handlingFee(99_999, schedule)).toBe(3_000);
    expect(handlingFee(100_000, schedule)).toBe(3_000); // 3% of HK$1,000
    expect(handlingFee(100_001, schedule)).toBe(3_001); // 3,000.03 rounded up
    expect(handlingFee(3_000, HKS01_STAKE_RULES.fees)).toBe(3_000);
    expect(() => handlingFee(100, { ...schedule, bands: [{ fromStake: 1_000, fixed: 0, basisPoints: 0 }] })).toThrow(RangeError);
  });
});

describe('stake rules (spec §5)', () => {
  it.each<[string, FootballSlip]>([
    ['three HK$10 singles (HK$30)', single(1_000, pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H'), pick('e3', 'HAD', 'H'))],
    ['one HK$30 single', single(3_000, pick('e1', 'HAD', 'H'))],
    ['a 2x3 at HK$10 a bet (HK$30)', allUp('2x3', 1_000, pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H'))],
    ['an HDC single at HK$200', single(20_000, hdc('e1'))],
    ['an all-up with HDC at HK$200 in total (2x1 at HK$200)', allUp('2x1', 20_000, hdc('e1'), pick('e2', 'HAD', 'H'))],
    ['an all-up with HDC at HK$200 in total (3x4 at HK$50)', allUp('3x4', 5_000, hdc('e1'), pick('e2', 'HAD', 'H'), pick('e3', 'HAD', 'H'))],
  ])('accepts %s', (_, slip) => {
    expect(validateFootballSlip(slip)).toBeNull();
  });

  it('refuses a bet under HK$10', () => {
    expect(validateFootballSlip(single(900, pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H'), pick('e3', 'HAD', 'H'), pick('e4', 'HAD', 'H')))).toEqual({
      code: 'below_minimum_purchase',
      details: { rule: 'unitStake', minimum: hkd(1_000), stake: hkd(900) },
    });
  });

  it('refuses an order under HK$30 of stake, whatever the fee', () => {
    expect(validateFootballSlip(single(2_000, pick('e1', 'HAD', 'H')))).toEqual({
      code: 'below_minimum_purchase',
      details: { rule: 'purchase', minimum: hkd(3_000), stake: hkd(2_000) },
    });
    expect(validateFootballSlip(allUp('2x1', 2_000, pick('e1', 'HAD', 'H'), pick('e2', 'HAD', 'H')))).toMatchObject({
      details: { rule: 'purchase' },
    });
  });

  it('refuses a handicap bet under HK$200, fee excluded', () => {
    expect(validateFootballSlip(single(19_900, hdc('e1')))).toEqual({
      code: 'below_minimum_purchase',
      details: { rule: 'handicap', minimum: hkd(20_000), stake: hkd(19_900) },
    });
    // Two HDC singles at HK$100 are two bets of HK$100 each.
    expect(validateFootballSlip(single(10_000, hdc('e1'), hdc('e2')))).toMatchObject({ details: { rule: 'handicap', stake: hkd(10_000) } });
    // An all-up with HDC: its whole stake counts (2x1 at HK$100 is HK$100).
    expect(validateFootballSlip(allUp('2x1', 10_000, hdc('e1'), pick('e2', 'HAD', 'H')))).toMatchObject({
      details: { rule: 'handicap', stake: hkd(10_000) },
    });
  });

  it.each<[string, FootballSlip, Record<string, string>]>([
    ['a stake in cents', single(3_050, pick('e1', 'HAD', 'H')), { 'unitStake.amount': 'invalid' }],
    ['no stake', single(0, pick('e1', 'HAD', 'H')), { 'unitStake.amount': 'invalid' }],
    ['a fractional stake', single(3_000.5, pick('e1', 'HAD', 'H')), { 'unitStake.amount': 'invalid' }],
    ['another currency', { ...single(3_000, pick('e1', 'HAD', 'H')), unitStake: { amount: 3_000, currency: 'USD' } }, { 'unitStake.currency': 'invalid' }],
  ])('refuses %s', (_, slip, fields) => {
    expect(validateFootballSlip(slip)).toEqual({ code: 'validation_failed', fields });
  });

  it('reports the slip’s shape before its stake', () => {
    expect(validateFootballSlip(single(100, pick('e1', 'HAD', 'X')))).toEqual({
      code: 'validation_failed',
      fields: { 'legs.0.selection': 'invalid' },
    });
  });
});

describe('the maximum prize limit', () => {
  const limited = (amount: number) => ({ ...HKS01_STAKE_RULES, maxPrize: { amount, confidence: 'unconfirmed' as const, source: 'test' } });

  it('refuses a slip that could return more than the limit (CRS 3x7 at HK$100 can return HK$312,700)', () => {
    expect(validateFootballSlip(crs3x7(10_000), limited(30_000_000))).toEqual({
      code: 'exceeds_max_prize',
      details: { maximum: hkd(30_000_000), maxPrize: hkd(31_270_000) },
    });
  });

  it('accepts one that can return exactly the limit, and checks nothing without a limit', () => {
    expect(validateFootballSlip(crs3x7(10_000), limited(31_270_000))).toBeNull();
    expect(validateFootballSlip(crs3x7(10_000))).toBeNull();
  });
});
