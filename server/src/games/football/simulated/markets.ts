import { FOOTBALL_MARKETS, MARKET_CODES, type MarketCode } from '@gp/common';
import type { SourceMarket } from '../source.ts';
import { CORNER_LINES, FIRST_HALF_GOAL_LINES, GOAL_LINES, HANDICAP_LINES, WHOLE_HANDICAP_LINES, higherGoalLine } from './lines.ts';
import { distributions, type Distributions, type MatchModel } from './model.ts';
import { outcomeDistribution, scorerSelections, type OutcomeDistribution } from './outcomes.ts';
import { fairOdds, offeredOdds } from './pricing.ts';

/** The two sides of a line market: H/A for handicaps, H/L (high/low) for totals. */
const SIDES: Partial<Record<MarketCode, readonly [string, string]>> = {
  HHA: ['H', 'A'],
  HDC: ['H', 'A'],
  HIL: ['H', 'L'],
  FHL: ['H', 'L'],
  CHL: ['H', 'L'],
};

const CANDIDATES: Partial<Record<MarketCode, readonly string[]>> = {
  HHA: WHOLE_HANDICAP_LINES,
  HDC: HANDICAP_LINES,
  HIL: GOAL_LINES,
  FHL: FIRST_HALF_GOAL_LINES,
  CHL: CORNER_LINES,
};

/**
 * The line whose two sides are the most even (fair prices closest to each other), as a bookmaker
 * sets the headline handicap or total. A stronger home side gets a more negative handicap.
 */
export function balancedLine(model: MatchModel, dist: Distributions, market: MarketCode): string {
  const [first, second] = SIDES[market]!;
  let best = { line: '', gap: Number.POSITIVE_INFINITY };
  for (const line of CANDIDATES[market]!) {
    const a = fairOdds(outcomeDistribution(model, dist, market, line, first));
    const b = fairOdds(outcomeDistribution(model, dist, market, line, second));
    const gap = Math.abs(Math.log(a) - Math.log(b));
    if (gap < best.gap) best = { line, gap };
  }
  return best.line;
}

function priced(
  model: MatchModel,
  dist: Distributions,
  market: MarketCode,
  line: string | null,
  selections: readonly string[],
  main = true,
): PricedMarket {
  const outcomes: Record<string, OutcomeDistribution> = {};
  const odds: Record<string, number> = {};
  for (const key of selections) {
    outcomes[key] = outcomeDistribution(model, dist, market, line, key);
    odds[key] = offeredOdds(market, outcomes[key]);
  }
  return { market, line, main, odds, outcomes };
}

/** A market as the model prices it, with the probabilities behind each price (for tests and analysis). */
export interface PricedMarket extends Omit<SourceMarket, 'status'> {
  outcomes: Record<string, OutcomeDistribution>;
}

/**
 * Every market of an event (all 14; HIL with a second, higher line), priced from the model.
 * Example: two average sides → HAD about 2.01 / 3.51 / 2.94 (the home edge), HDC `0.0/-0.5`, HIL `2.5` main and `3.5`.
 */
export function priceMarkets(model: MatchModel): PricedMarket[] {
  const dist = distributions(model);
  const markets: PricedMarket[] = [];
  for (const code of MARKET_CODES) {
    const definition = FOOTBALL_MARKETS[code];
    const selections = definition.selections === 'players' ? scorerSelections(model) : definition.selections;
    if (definition.line === null) {
      markets.push(priced(model, dist, code, null, selections));
      continue;
    }
    const line = balancedLine(model, dist, code);
    markets.push(priced(model, dist, code, line, selections));
    if (code === 'HIL') markets.push(priced(model, dist, code, higherGoalLine(line), selections, false));
  }
  return markets;
}

/** The markets as an odds source reports them. */
export function sourceMarkets(model: MatchModel, status: SourceMarket['status']): SourceMarket[] {
  return priceMarkets(model).map(({ market, line, main, odds }) => ({ market, line, main, status, odds }));
}
