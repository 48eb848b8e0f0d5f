import { CORRECT_SCORES, correctScoreKey, OTHERS_SELECTIONS, type OthersScheme } from '@gp/common';

export interface CorrectScoreGrid {
  homeWins: string[];
  draws: string[];
  awayWins: string[];
  /** Each "others" selection with the smallest scores it covers, e.g. HO → 4:3, 6:1. */
  others: { key: string; examples: string[] }[];
}

const score = (key: string) => {
  const [home, away] = key.split(':').map(Number) as [number, number];
  return { home, away };
};

/**
 * The correct-score grid of a scheme, its "others" illustrated by asking common's
 * `correctScoreKey` which group each unlisted score falls in (so the examples follow the rules).
 *
 * Example: `correctScoreGrid('fiveWay').others` → `[{ key: 'HO', examples: ['4:3', '6:1'] }, { key: 'OHN', examples: ['6:0', '7:0'] }, …]`.
 */
export function correctScoreGrid(scheme: OthersScheme, examplesPerGroup = 2): CorrectScoreGrid {
  const listed = [...CORRECT_SCORES];
  const unlisted: { home: number; away: number }[] = [];
  for (let home = 0; home <= 8; home++) {
    for (let away = 0; away <= 8; away++) if (!listed.includes(`${home}:${away}` as (typeof CORRECT_SCORES)[number])) unlisted.push({ home, away });
  }
  // Fewest goals first, then the closest margin, so the examples are the nearest misses of the grid.
  unlisted.sort((a, b) => a.home + a.away - (b.home + b.away) || Math.max(a.home, a.away) - Math.max(b.home, b.away));
  return {
    homeWins: listed.filter((k) => score(k).home > score(k).away),
    draws: listed.filter((k) => score(k).home === score(k).away),
    awayWins: listed.filter((k) => score(k).home < score(k).away),
    others: OTHERS_SELECTIONS[scheme].map((key) => ({
      key,
      examples: unlisted
        .filter((s) => correctScoreKey(s, scheme) === key)
        .slice(0, examplesPerGroup)
        .map((s) => `${s.home}:${s.away}`),
    })),
  };
}
