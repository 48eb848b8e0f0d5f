import { describe, expect, it } from 'vitest';
import type { MarketCode } from './markets.ts';
import type { MatchResult } from './settle-leg.ts';
import { footballMaxPrize, settleFootballSlip } from './settle-slip.ts';
import type { FootballSlip } from './slip.ts';

type Pick = FootballSlip['legs'][number];
const pick = (eventId: string, market: MarketCode, selection: string, odds: string, line?: string): Pick =>
  line === undefined ? { eventId, market, selection, odds } : { eventId, market, selection, odds, line };
const hkd = (amount: number) => ({ amount, currency: 'HKD' as const });
const single = (unit: number, ...legs: Pick[]): FootballSlip => ({ mode: 'single', legs, unitStake: hkd(unit) });
const allUp = (formula: string, unit: number, ...legs: Pick[]): FootballSlip => ({ mode: 'allup', formula, legs, unitStake: hkd(unit) });
const played = (ht: [number, number], ft: [number, number], extra: Partial<MatchResult> = {}): MatchResult => ({
  status: 'played',
  halfTime: { home: ht[0], away: ht[1] },
  fullTime: { home: ft[0], away: ft[1] },
  ...extra,
});

describe('the official examples, settled end to end', () => {
  it('a HK$1,000 single at 2.10 on the home win returns HK$2,100', () => {
    const settled = settleFootballSlip(single(100_000, pick('e1', 'HAD', 'H', '2.10')), { e1: played([0, 0], [1, 0]) });
    expect(settled.payout).toEqual(hkd(210_000));
    expect(settled.refund).toEqual(hkd(0));
    expect(settled.picks).toEqual([{ pick: 0, eventId: 'e1', outcome: 'win', factor: 2_100 }]);
  });

  const fha = allUp('3x1', 100_000, pick('e1', 'FHA', 'H', '1.40'), pick('e2', 'FHA', 'D', '1.95'), pick('e3', 'FHA', 'A', '2.40'));

  it('FHA all-up, HK$1,000 at 1.40 × 1.95 × 2.40 → HK$6,552', () => {
    const results = { e1: played([1, 0], [1, 2]), e2: played([0, 0], [3, 0]), e3: played([0, 1], [1, 1]) };
    expect(settleFootballSlip(fha, results).payout).toEqual(hkd(655_200));
  });

  it('the same FHA all-up with its second match void pays that leg at odds 1 → HK$3,360', () => {
    const results = { e1: played([1, 0], [1, 2]), e2: { status: 'void' as const }, e3: played([0, 1], [1, 1]) };
    const settled = settleFootballSlip(fha, results);
    expect(settled.payout).toEqual(hkd(336_000));
    expect(settled.refund).toEqual(hkd(0));
  });

  it('the same FHA all-up stands on the first half of a match abandoned after half-time', () => {
    const results = { e1: played([1, 0], [1, 2]), e2: { status: 'abandoned' as const, halfTime: { home: 0, away: 0 } }, e3: played([0, 1], [1, 1]) };
    expect(settleFootballSlip(fha, results).payout).toEqual(hkd(655_200));
  });

  const crs = (formula: string, odds: [string, string, string]) =>
    allUp(formula, 10_000, pick('e1', 'CRS', '3:2', odds[0]), pick('e2', 'CRS', '1:1', odds[1]), pick('e3', 'CRS', '2:0', odds[2]));
  const crsResults = { e1: played([1, 1], [3, 2]), e2: played([0, 0], [1, 1]), e3: played([1, 0], [2, 0]) };

  it('CRS 3x1, HK$100 at 9.5 × 15 × 6.5 → HK$92,625', () => {
    expect(settleFootballSlip(crs('3x1', ['9.5', '15', '6.5']), crsResults).payout).toEqual(hkd(9_262_500));
  });

  it('CRS 3x7, HK$100 a bet at 22 / 7.5 / 15 → HK$312,700 (singles 4,450 + doubles 60,750 + treble 247,500)', () => {
    const settled = settleFootballSlip(crs('3x7', ['22', '7.5', '15']), crsResults);
    expect(settled.payout).toEqual(hkd(31_270_000));
    expect(settled.byFold).toEqual([
      { fold: 3, amount: 24_750_000 },
      { fold: 2, amount: 6_075_000 },
      { fold: 1, amount: 445_000 },
    ]);
    expect(settled.returningBets).toBe(7);
  });

  it('CRS 3x7 with the second score wrong keeps the 1-3 double and two singles: HK$33,000 + HK$3,700', () => {
    const results = { ...crsResults, e2: played([0, 0], [2, 2]) };
    expect(settleFootballSlip(crs('3x7', ['22', '7.5', '15']), results).payout).toEqual(hkd(3_300_000 + 370_000));
  });
});

describe('cancelled and postponed matches refund single bets (spec §4)', () => {
  it.each(['postponed', 'cancelled', 'void', 'abandoned'] as const)('a single on a %s match comes back as a refund', (status) => {
    const settled = settleFootballSlip(single(10_000, pick('e1', 'HAD', 'H', '2.10')), { e1: { status } });
    expect(settled.payout).toEqual(hkd(10_000));
    expect(settled.refund).toEqual(hkd(10_000));
    expect(settled.picks[0]!.outcome).toBe('void');
  });

  it('refunds only the singles on the void match', () => {
    const slip = single(10_000, pick('e1', 'HAD', 'H', '2.10'), pick('e2', 'HAD', 'A', '3.00'), pick('e3', 'HAD', 'D', '3.20'));
    const settled = settleFootballSlip(slip, { e1: { status: 'postponed' }, e2: played([0, 0], [0, 1]), e3: played([0, 0], [1, 0]) });
    expect(settled.payout).toEqual(hkd(10_000 + 30_000));
    expect(settled.refund).toEqual(hkd(10_000));
  });

  it('an all-up whose every match is void returns its whole stake as a refund', () => {
    const slip = allUp('2x3', 10_000, pick('e1', 'HAD', 'H', '2.10'), pick('e2', 'HAD', 'H', '1.80'));
    const settled = settleFootballSlip(slip, { e1: { status: 'postponed' }, e2: { status: 'cancelled' } });
    expect(settled.payout).toEqual(hkd(30_000));
    expect(settled.refund).toEqual(hkd(30_000));
  });
});

describe('all-ups with split lines, several selections and partial wins', () => {
  it('HDC -0.5/-1.0 won by one goal counts (1 + 1.90) / 2: 2x1 at HK$100 with a 2.00 win → HK$290', () => {
    const slip = allUp('2x1', 10_000, pick('e1', 'HDC', 'H', '1.90', '-0.5/-1.0'), pick('e2', 'HAD', 'H', '2.00'));
    const settled = settleFootballSlip(slip, { e1: played([0, 0], [1, 0]), e2: played([0, 0], [2, 0]) });
    expect(settled.payout).toEqual(hkd(29_000));
    expect(settled.picks.map((p) => p.outcome)).toEqual(['halfWin', 'win']);
  });

  it('"at least 2 of 3" (3x4) with exactly two wins pays their double only', () => {
    const slip = allUp('3x4', 10_000, pick('e1', 'HAD', 'H', '2.00'), pick('e2', 'OOE', 'E', '1.90'), pick('e3', 'TTG', '7+', '30'));
    const settled = settleFootballSlip(slip, { e1: played([0, 0], [1, 0]), e2: played([0, 0], [1, 1]), e3: played([0, 0], [1, 1]) });
    expect(settled.payout).toEqual(hkd(38_000));
    expect(settled.returningBets).toBe(1);
  });

  it('a leg with HAD H and D pays through whichever won', () => {
    const slip = allUp('2x1', 10_000, pick('e1', 'HAD', 'H', '2.10'), pick('e1', 'HAD', 'D', '3.20'), pick('e2', 'HIL', 'H', '1.90', '2.5'));
    const settled = settleFootballSlip(slip, { e1: played([0, 0], [1, 1]), e2: played([1, 1], [2, 1]) });
    expect(settled.payout).toEqual(hkd(60_800)); // 100 × 3.20 × 1.90
  });

  it('cannot settle before every match has a result', () => {
    expect(() => settleFootballSlip(single(10_000, pick('e1', 'HAD', 'H', '2.10')), {})).toThrow(RangeError);
  });
});

describe('the maximum prize', () => {
  it('is the whole formula winning (CRS 3x7 at HK$100: HK$312,700)', () => {
    const slip = allUp('3x7', 10_000, pick('e1', 'CRS', '3:2', '22'), pick('e2', 'CRS', '1:1', '7.5'), pick('e3', 'CRS', '2:0', '15'));
    expect(footballMaxPrize(slip)).toEqual(hkd(31_270_000));
  });

  it('counts one winner among exclusive picks on one market (HAD H, D and A at HK$10: the 3.50)', () => {
    const slip = single(1_000, pick('e1', 'HAD', 'H', '2.10'), pick('e1', 'HAD', 'D', '3.20'), pick('e1', 'HAD', 'A', '3.50'));
    expect(footballMaxPrize(slip)).toEqual(hkd(3_500));
  });

  it('takes a push over a win when it returns more (HDC 0.0 H and A at 1.90, HK$10 each: both back, HK$20)', () => {
    const slip = single(1_000, pick('e1', 'HDC', 'H', '1.90', '0.0'), pick('e1', 'HDC', 'A', '1.90', '0.0'));
    expect(footballMaxPrize(slip)).toEqual(hkd(2_000));
  });

  it('weighs split-line halves (HIL High 2.5/3.0 and Low 3.0/3.5 at 1.90, HK$10 each: on 3 goals both half-win, HK$29)', () => {
    const slip = single(1_000, pick('e1', 'HIL', 'H', '1.90', '2.5/3.0'), pick('e1', 'HIL', 'L', '1.90', '3.0/3.5'));
    expect(footballMaxPrize(slip)).toEqual(hkd(2_900));
  });

  it('counts a void match among the results (HIL 2.5/3.0 High at 1.90 and Low at 1.95: both back at odds 1, HK$20)', () => {
    const slip = single(1_000, pick('e1', 'HIL', 'H', '1.90', '2.5/3.0'), pick('e1', 'HIL', 'L', '1.95', '2.5/3.0'));
    expect(footballMaxPrize(slip)).toEqual(hkd(2_000));
  });

  it('lets a void match return every selection at odds 1 when that is more (FTS H, A and N at 1.10: HK$30)', () => {
    const slip = single(1_000, pick('e1', 'FTS', 'H', '1.10'), pick('e1', 'FTS', 'A', '1.10'), pick('e1', 'FTS', 'N', '1.10'));
    expect(footballMaxPrize(slip)).toEqual(hkd(3_000));
  });

  it('multiplies the best pick of each leg in an all-up (2x1: CRS 1:0 at 7 or 2:0 at 9, FGS 115 at 6 → HK$10 × 9 × 6)', () => {
    const slip = allUp('2x1', 1_000, pick('e1', 'CRS', '1:0', '7'), pick('e1', 'CRS', '2:0', '9'), pick('e2', 'FGS', '115', '6'));
    expect(footballMaxPrize(slip)).toEqual(hkd(54_000));
  });

  it('reaches every line: CHL 13.5 High at 1.80 and HHA -3.0 home at 6.00 in a 2x1 at HK$10 → HK$108', () => {
    const slip = allUp('2x1', 1_000, pick('e1', 'CHL', 'H', '1.80', '13.5'), pick('e2', 'HHA', 'H', '6.00', '-3.0'));
    expect(footballMaxPrize(slip)).toEqual(hkd(10_800));
  });

  it('covers HFT and FCS (HFT AH at 30 and FCS 2:2 at 40 in a 2x1 at HK$10 → HK$12,000)', () => {
    const slip = allUp('2x1', 1_000, pick('e1', 'HFT', 'AH', '30'), pick('e2', 'FCS', '2:2', '40'));
    expect(footballMaxPrize(slip)).toEqual(hkd(1_200_000));
  });
});
