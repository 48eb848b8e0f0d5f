import { describe, expect, it } from 'vitest';
import { FOOTBALL_MARKETS, MARKET_CODES, parseLine } from '@gp/common';
import { priceMarkets, type PricedMarket } from '../../src/games/football/simulated/markets.ts';
import { expectedGoals, initialModel, walk, type MatchModel, type TeamRatings } from '../../src/games/football/simulated/model.ts';
import { fairOdds, MARKET_MARGINS, toOfferedThousandths } from '../../src/games/football/simulated/pricing.ts';
import { seededRandom } from '../../src/games/football/simulated/rng.ts';

const SCORERS = { '101': 0.4, '102': 0.28, '103': 0.19, '104': 0.13, '201': 0.4, '202': 0.28, '203': 0.19, '204': 0.13 };
const average: TeamRatings = { attack: 1, defence: 1 };
const strong: TeamRatings = { attack: 1.35, defence: 0.78 };
const weak: TeamRatings = { attack: 0.8, defence: 1.22 };

const even = initialModel(average, average, SCORERS);
const homeFavourite = initialModel(strong, weak, SCORERS);
const awayFavourite = initialModel(weak, strong, SCORERS);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const find = (markets: PricedMarket[], code: string, main = true) => markets.find((m) => m.market === code && m.main === main)!;
/** Where a line sits, in goals: the mean of its components (`-0.5/-1.0` → −0.75). */
const lineValue = (line: string) => sum(line.split('/').map(Number)) / line.split('/').length;

describe('the simulated scoring model', () => {
  it('offers all 14 markets on every event, HIL with a second line; CRS has 33 selections, FCS 31, FGS every player and N', () => {
    for (const model of [even, homeFavourite, awayFavourite]) {
      const markets = priceMarkets(model);
      expect(new Set(markets.map((m) => m.market))).toEqual(new Set(MARKET_CODES));
      expect(markets.filter((m) => m.market === 'HIL')).toHaveLength(2);
      expect(Object.keys(find(markets, 'CRS').odds)).toHaveLength(33);
      expect(Object.keys(find(markets, 'FCS').odds)).toHaveLength(31);
      expect(Object.keys(find(markets, 'FGS').odds).sort()).toEqual([...Object.keys(SCORERS), 'N'].sort());
      for (const m of markets) {
        const kind = FOOTBALL_MARKETS[m.market].line;
        if (kind === null) expect(m.line).toBeNull();
        else expect(parseLine(m.line!, kind), `${m.market} ${m.line}`).not.toBeNull();
      }
    }
  });

  it('gives every selection outcome probabilities that sum to 1, and each market’s wins (with pushes and halves) cover every result', () => {
    for (const market of priceMarkets(homeFavourite)) {
      const outcomes = Object.values(market.outcomes);
      for (const dist of outcomes) expect(sum(dist)).toBeCloseTo(1, 9);
      if (market.line === null || market.market === 'HHA') {
        expect(sum(outcomes.map((d) => d[0])), market.market).toBeCloseTo(1, 9);
      } else {
        // Two sides of a line mirror each other: a home (high) win is an away (low) loss, a half win a half loss.
        const [a, b] = outcomes as unknown as [number[], number[]];
        expect(a[0]).toBeCloseTo(b[4]!, 9);
        expect(a[1]).toBeCloseTo(b[3]!, 9);
        expect(a[2]).toBeCloseTo(b[2]!, 9);
      }
    }
  });

  it('prices with the market’s margin: 1/odds adds up to about 1 + margin, never less', () => {
    for (const market of priceMarkets(even)) {
      const book = sum(Object.values(market.odds).map((o) => 1000 / o));
      const margin = MARKET_MARGINS[market.market];
      if (market.line === null || market.market === 'HHA') {
        expect(book, market.market).toBeGreaterThanOrEqual(1 + margin - 0.002);
        expect(book, market.market).toBeLessThan(1 + margin + 0.08);
      }
      for (const [key, odds] of Object.entries(market.odds)) {
        const fair = fairOdds(market.outcomes[key]!);
        expect(odds / 1000, `${market.market} ${key}`).toBeLessThanOrEqual(Math.max(1.01, fair));
        expect(Number.isInteger(odds) && odds >= 1010 && odds <= 1_000_000).toBe(true);
      }
    }
  });

  it('keeps both sides of the headline handicap and totals near 1.85–1.95', () => {
    for (const model of [even, homeFavourite, awayFavourite]) {
      const markets = priceMarkets(model);
      for (const code of ['HDC', 'HIL'] as const) {
        for (const odds of Object.values(find(markets, code).odds)) {
          expect(odds, code).toBeGreaterThanOrEqual(1_650);
          expect(odds, code).toBeLessThanOrEqual(2_150);
        }
      }
    }
  });

  it('gives a stronger home side a negative handicap and the shorter home price; the mirror for a stronger away side', () => {
    const home = priceMarkets(homeFavourite);
    const away = priceMarkets(awayFavourite);
    expect(lineValue(find(home, 'HDC').line!)).toBeLessThan(-0.5);
    expect(lineValue(find(away, 'HDC').line!)).toBeGreaterThan(0);
    expect(find(home, 'HAD').odds.H!).toBeLessThan(find(home, 'HAD').odds.A!);
    expect(find(away, 'HAD').odds.H!).toBeGreaterThan(find(away, 'HAD').odds.A!);
    expect(find(home, 'HHA').line).toMatch(/^-\d\.0$/);
    expect(find(away, 'HHA').line).toMatch(/^\+\d\.0$/);
    expect(find(priceMarkets(even), 'HDC').line).toBe('0.0/-0.5'); // the home edge alone is worth a quarter goal
  });

  it('sets the main Hi-Lo line near the expected total, and the corner line near the expected corners', () => {
    for (const model of [even, homeFavourite, { ...even, lambdaHome: 2.4, lambdaAway: 1.9 }] as MatchModel[]) {
      const markets = priceMarkets(model);
      expect(Math.abs(lineValue(find(markets, 'HIL').line!) - (model.lambdaHome + model.lambdaAway))).toBeLessThan(0.6);
      expect(lineValue(find(markets, 'HIL', false).line!)).toBeGreaterThan(lineValue(find(markets, 'HIL').line!));
      expect(Math.abs(lineValue(find(markets, 'CHL').line!) - model.cornersMean)).toBeLessThan(1);
    }
  });

  it('builds λ from attack, defence and the home edge', () => {
    expect(expectedGoals(average, average)).toEqual({ home: expect.closeTo(1.512, 6), away: expect.closeTo(1.2054, 3) });
    expect(expectedGoals(strong, weak).home).toBeGreaterThan(expectedGoals(weak, strong).away);
    expect(even.cornersMean).toBeGreaterThanOrEqual(9);
    expect(even.cornersMean).toBeLessThanOrEqual(11);
  });

  it('walks λ by small steps that repeat exactly from a seed, drifting back towards the base', () => {
    const a = walk(even, seededRandom(7));
    const b = walk(even, seededRandom(7));
    expect(a).toEqual(b);
    expect(a.lambdaHome).not.toBe(even.lambdaHome);
    expect(Math.abs(Math.log(a.lambdaHome / even.lambdaHome))).toBeLessThan(0.2);
    let model = { ...even, lambdaHome: even.baseHome * 2 };
    const random = seededRandom(3);
    for (let i = 0; i < 60; i++) model = walk(model, random);
    expect(model.lambdaHome).toBeLessThan(even.baseHome * 1.5);
  });

  it('solves fair odds with split-line halves and pushes, and rounds prices down onto the HKJC ladder', () => {
    expect(fairOdds([0.5, 0, 0, 0, 0.5])).toBeCloseTo(2, 12);
    expect(fairOdds([0.4, 0, 0.2, 0, 0.4])).toBeCloseTo(2, 12);
    expect(fairOdds([0.4, 0.2, 0, 0, 0.4])).toBeCloseTo(1.8, 12); // E = 0.4·o + 0.2·(o+1)/2 = 1
    expect(toOfferedThousandths(1.8867)).toBe(1_880);
    expect(toOfferedThousandths(6.83)).toBe(6_800);
    expect(toOfferedThousandths(13.2)).toBe(13_000);
    expect(toOfferedThousandths(374)).toBe(350_000);
    expect(toOfferedThousandths(0.97)).toBe(1_010);
    expect(toOfferedThousandths(5_000)).toBe(1_000_000);
  });
});
