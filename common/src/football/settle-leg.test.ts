import { describe, expect, it } from 'vitest';
import { HKJC_CONVENTIONS, type LegOutcome } from './conventions.ts';
import type { MarketCode } from './markets.ts';
import { outcomeFactor, pickProblems, selectionOutcome, settlePick, type MatchResult } from './settle-leg.ts';

const played = (ht: [number, number], ft: [number, number], extra: Partial<MatchResult> = {}): MatchResult => ({
  status: 'played',
  halfTime: { home: ht[0], away: ht[1] },
  fullTime: { home: ft[0], away: ft[1] },
  ...extra,
});
const outcome = (market: MarketCode, selection: string, result: MatchResult, line?: string): LegOutcome =>
  selectionOutcome(line === undefined ? { market, selection } : { market, selection, line }, result);

describe('HAD, FHA and HHA: three-way results', () => {
  it.each<[string, [number, number], [number, number], string, LegOutcome]>([
    ['HAD home win', [0, 0], [2, 1], 'H', 'win'],
    ['HAD draw', [1, 0], [1, 1], 'D', 'win'],
    ['HAD away win', [0, 1], [0, 2], 'A', 'win'],
    ['HAD home pick on a draw', [1, 0], [1, 1], 'H', 'loss'],
  ])('%s', (_, ht, ft, selection, expected) => {
    expect(outcome('HAD', selection, played(ht, ft))).toBe(expected);
  });

  it('FHA reads the first half, not the full time', () => {
    const result = played([1, 0], [1, 3]);
    expect(outcome('FHA', 'H', result)).toBe('win');
    expect(outcome('FHA', 'A', result)).toBe('loss');
    expect(outcome('FHA', 'D', played([0, 0], [2, 0]))).toBe('win');
  });

  it.each<[string, [number, number], string, LegOutcome]>([
    ['-1.0', [2, 1], 'D', 'win'], // 2 − 1 = 1 against 1
    ['-1.0', [3, 1], 'H', 'win'],
    ['-1.0', [1, 1], 'A', 'win'],
    ['-1.0', [2, 1], 'H', 'loss'],
    ['+1.0', [0, 1], 'D', 'win'],
    ['+1.0', [0, 2], 'A', 'win'],
    ['-2.0', [2, 0], 'D', 'win'],
  ])('HHA home %s on %j: %s → %s (no refunds)', (line, ft, selection, expected) => {
    expect(outcome('HHA', selection, played([0, 0], ft), line)).toBe(expected);
  });
});

describe('HDC, HIL, FHL and CHL: split lines on the match', () => {
  it.each<[number, LegOutcome]>([
    [0, 'loss'],
    [1, 'halfWin'],
    [2, 'win'],
  ])('home -0.5/-1.0 when the home side wins by %i → %s', (by, expected) => {
    expect(outcome('HDC', 'H', played([0, 0], [by + 1, 1]), '-0.5/-1.0')).toBe(expected);
  });

  it.each<[number, LegOutcome, LegOutcome]>([
    [2, 'loss', 'win'],
    [3, 'halfWin', 'halfLoss'],
    [4, 'win', 'loss'],
  ])('HIL 2.5/3.0 on %i goals: High %s, Low %s', (total, high, low) => {
    const result = played([0, 0], [total, 0]);
    expect(outcome('HIL', 'H', result, '2.5/3.0')).toBe(high);
    expect(outcome('HIL', 'L', result, '2.5/3.0')).toBe(low);
  });

  it('FHL counts first-half goals only', () => {
    expect(outcome('FHL', 'L', played([0, 1], [3, 2]), '1.5')).toBe('win');
    expect(outcome('FHL', 'H', played([1, 1], [1, 1]), '1.5')).toBe('win');
    expect(outcome('FHL', 'H', played([1, 0], [1, 0]), '1.0/1.5')).toBe('halfLoss');
  });

  it('CHL counts corners, and cannot settle without them', () => {
    expect(outcome('CHL', 'H', played([0, 0], [0, 0], { corners: 11 }), '10.5')).toBe('win');
    expect(outcome('CHL', 'L', played([0, 0], [0, 0], { corners: 10 }), '10.0/10.5')).toBe('halfWin');
    expect(() => outcome('CHL', 'H', played([0, 0], [0, 0]), '10.5')).toThrow(RangeError);
  });
});

describe('CRS and FCS: exact scores and "others"', () => {
  it.each<[[number, number], string]>([
    [[2, 1], '2:1'],
    [[0, 0], '0:0'],
    [[4, 3], 'HO'],
    [[6, 0], 'OHN'],
    [[4, 4], 'DO'],
    [[1, 6], 'AO'],
    [[0, 6], 'OAN'],
  ])('a full time of %j wins %s and nothing else', (ft, winner) => {
    const result = played([0, 0], ft);
    expect(outcome('CRS', winner, result)).toBe('win');
    for (const other of ['2:1', '0:0', 'HO', 'OHN', 'DO', 'AO', 'OAN'].filter((k) => k !== winner)) {
      expect(outcome('CRS', other, result)).toBe('loss');
    }
  });

  it('FCS reads the half-time score, with home/draw/away "others"', () => {
    expect(outcome('FCS', '1:0', played([1, 0], [1, 3]))).toBe('win');
    expect(outcome('FCS', 'HO', played([6, 0], [6, 0]))).toBe('win');
    expect(outcome('FCS', 'AO', played([3, 4], [3, 4]))).toBe('win');
    expect(outcome('FCS', 'DO', played([4, 4], [4, 4]))).toBe('win');
  });
});

describe('FTS, TTG, OOE, FGS and HFT', () => {
  it('FTS: "no goal" wins a goalless match; otherwise the first team to score', () => {
    expect(outcome('FTS', 'N', played([0, 0], [0, 0], { firstTeamToScore: null }))).toBe('win');
    expect(outcome('FTS', 'H', played([0, 0], [0, 0]))).toBe('loss');
    const result = played([0, 1], [2, 1], { firstTeamToScore: 'A' });
    expect(outcome('FTS', 'A', result)).toBe('win');
    expect(outcome('FTS', 'H', result)).toBe('loss');
    expect(outcome('FTS', 'N', result)).toBe('loss');
  });

  it('FTS cannot settle without the first team, or with a team that never scored', () => {
    expect(() => outcome('FTS', 'H', played([0, 0], [1, 0]))).toThrow(RangeError);
    expect(() => outcome('FTS', 'H', played([0, 0], [0, 1], { firstTeamToScore: 'H' }))).toThrow(RangeError);
  });

  it.each<[[number, number], string]>([
    [[0, 0], '0'],
    [[1, 0], '1'],
    [[3, 3], '6'],
    [[4, 3], '7+'],
    [[6, 3], '7+'],
  ])('TTG: %j wins %s', (ft, winner) => {
    expect(outcome('TTG', winner, played([0, 0], ft))).toBe('win');
    expect(outcome('TTG', winner === '7+' ? '6' : '7+', played([0, 0], ft))).toBe('loss');
  });

  it.each<[[number, number], 'O' | 'E']>([
    [[0, 0], 'E'], // convention, unconfirmed for HKJC
    [[1, 0], 'O'],
    [[2, 1], 'O'],
    [[2, 2], 'E'],
  ])('OOE: %j is %s', (ft, parity) => {
    expect(outcome('OOE', parity, played([0, 0], ft))).toBe('win');
    expect(outcome('OOE', parity === 'O' ? 'E' : 'O', played([0, 0], ft))).toBe('loss');
  });

  it('OOE follows the 0-0 convention when it changes', () => {
    const odd = { ...HKJC_CONVENTIONS, zeroGoals: { ...HKJC_CONVENTIONS.zeroGoals, parity: 'O' as const } };
    expect(selectionOutcome({ market: 'OOE', selection: 'O' }, played([0, 0], [0, 0]), odd)).toBe('win');
  });

  it('FGS: the credited first scorer wins, "no first scorer" wins a goalless match, non-runners are refunded', () => {
    const result = played([1, 0], [1, 1], { firstScorer: '115', refundedScorers: ['208'] });
    expect(outcome('FGS', '115', result)).toBe('win');
    expect(outcome('FGS', '201', result)).toBe('loss');
    expect(outcome('FGS', 'N', result)).toBe('loss');
    expect(outcome('FGS', '208', result)).toBe('void');
    expect(outcome('FGS', 'N', played([0, 0], [0, 0]))).toBe('win');
    expect(outcome('FGS', '115', played([0, 0], [0, 0]))).toBe('loss');
    expect(() => outcome('FGS', '115', played([0, 0], [1, 0]))).toThrow(RangeError);
  });

  it.each<[[number, number], [number, number], string]>([
    [[1, 0], [1, 2], 'HA'],
    [[0, 0], [0, 0], 'DD'],
    [[0, 0], [2, 0], 'DH'],
    [[0, 1], [1, 1], 'AD'],
    [[2, 0], [3, 0], 'HH'],
  ])('HFT: half-time %j, full time %j → %s', (ht, ft, winner) => {
    expect(outcome('HFT', winner, played(ht, ft))).toBe('win');
    expect(outcome('HFT', winner === 'DD' ? 'HH' : 'DD', played(ht, ft))).toBe('loss');
  });
});

describe('void, postponed, cancelled and abandoned matches (reference §4)', () => {
  const every: [MarketCode, string, string?][] = [
    ['HAD', 'H'],
    ['FHA', 'H'],
    ['HHA', 'H', '-1.0'],
    ['HDC', 'H', '-0.5/-1.0'],
    ['HIL', 'H', '2.5'],
    ['FHL', 'H', '1.5'],
    ['CHL', 'H', '9.5'],
    ['CRS', '1:0'],
    ['FCS', '1:0'],
    ['FTS', 'H'],
    ['TTG', '2'],
    ['OOE', 'O'],
    ['FGS', '115'],
    ['HFT', 'HH'],
  ];

  it.each(['void', 'postponed', 'cancelled'] as const)('every market of a %s match is void', (status) => {
    for (const [market, selection, line] of every) expect(outcome(market, selection, { status }, line)).toBe('void');
  });

  it('a match abandoned after half-time still settles its first-half markets; the rest are void', () => {
    const result: MatchResult = { status: 'abandoned', halfTime: { home: 1, away: 0 } };
    expect(outcome('FHA', 'H', result)).toBe('win');
    expect(outcome('FHA', 'D', result)).toBe('loss');
    expect(outcome('FHL', 'H', result, '0.5')).toBe('win');
    expect(outcome('FCS', '1:0', result)).toBe('win');
    expect(outcome('HAD', 'H', result)).toBe('void');
    expect(outcome('HFT', 'HH', result)).toBe('void');
    expect(outcome('HIL', 'L', result, '2.5')).toBe('void');
  });

  it('a match abandoned before half-time voids its first-half markets too', () => {
    expect(outcome('FHA', 'H', { status: 'abandoned', halfTime: null })).toBe('void');
    expect(outcome('FHA', 'H', { status: 'abandoned' })).toBe('void');
  });

  it('the first-half rule is a convention that can be switched off', () => {
    const off = { ...HKJC_CONVENTIONS, abandonedAfterHalfTime: { ...HKJC_CONVENTIONS.abandonedAfterHalfTime, firstHalfMarketsStand: false } };
    expect(selectionOutcome({ market: 'FHA', selection: 'H' }, { status: 'abandoned', halfTime: { home: 1, away: 0 } }, off)).toBe('void');
  });
});

describe('factors: what one unit returns', () => {
  it.each<[LegOutcome, number, number]>([
    ['win', 2_100, 2_100],
    ['halfWin', 2_100, 1_550],
    ['halfWin', 2_150, 1_575],
    ['halfWin', 1_900, 1_450],
    ['push', 2_100, 1_000],
    ['void', 22_000, 1_000],
    ['halfLoss', 2_100, 500],
    ['loss', 2_100, 0],
  ])('%s at %i thousandths → %i', (o, odds, factor) => {
    expect(outcomeFactor(o, odds)).toBe(factor);
  });

  it('settles a pick with its price', () => {
    expect(settlePick({ market: 'HIL', line: '2.5/3.0', selection: 'H', odds: '1.90' }, played([1, 0], [2, 1]))).toEqual({
      outcome: 'halfWin',
      factor: 1_450,
    });
    expect(settlePick({ market: 'HAD', selection: 'H', odds: '2.10' }, { status: 'postponed' })).toEqual({ outcome: 'void', factor: 1_000 });
  });
});

describe('picks that cannot settle', () => {
  it.each<[object, Record<string, string>]>([
    [{ market: 'HDC', selection: 'D', odds: '1.90' }, { line: 'required', selection: 'invalid' }],
    [{ market: 'HDC', line: '-0.25', selection: 'H', odds: '1.90' }, { line: 'invalid' }],
    [{ market: 'HAD', line: '0.0', selection: 'H', odds: '2.10' }, { line: 'invalid' }],
    [{ market: 'HHA', line: '-0.5', selection: 'H', odds: '2.10' }, { line: 'invalid' }],
    [{ market: 'TTG', selection: '8', odds: '2.10' }, { selection: 'invalid' }],
    [{ market: 'HAD', selection: 'H', odds: '2.105' }, { odds: 'invalid' }],
    [{ market: 'NTS', selection: 'H', odds: '2.10' }, { market: 'invalid' }],
  ])('%j → %j', (pick, problems) => {
    expect(pickProblems(pick as never)).toEqual(problems);
    expect(() => settlePick(pick as never, played([0, 0], [1, 0]))).toThrow(RangeError);
  });

  it('refuses results that do not hold together', () => {
    expect(() => outcome('HAD', 'H', played([2, 0], [1, 0]))).toThrow(RangeError);
    expect(() => outcome('HAD', 'H', { status: 'played', halfTime: { home: 0, away: 0 } })).toThrow(RangeError);
    expect(() => outcome('HAD', 'H', played([0, 0], [-1, 0]))).toThrow(RangeError);
    expect(() => outcome('HAD', 'H', { status: 'suspended' as never })).toThrow(RangeError);
  });
});
