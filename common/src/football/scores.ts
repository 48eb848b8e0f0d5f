import type { OthersScheme } from './conventions.ts';

/**
 * The correct-score grid of HKJC's 2025–26 feed (reference §1.5): 12 home wins, 4 draws, 12 away
 * wins, keyed `home:away` as the feed's selection `str` writes them (`1:0`, not `01:00`).
 */
export const CORRECT_SCORES = [
  '1:0', '2:0', '2:1', '3:0', '3:1', '3:2', '4:0', '4:1', '4:2', '5:0', '5:1', '5:2',
  '0:0', '1:1', '2:2', '3:3',
  '0:1', '0:2', '1:2', '0:3', '1:3', '2:3', '0:4', '1:4', '2:4', '0:5', '1:5', '2:5',
] as const;

/**
 * The "others" selections, keyed as the feed's combination `str`. Five ways (2025–26):
 * `HO` home win not listed with the away side scoring (4:3, 6:1), `OHN` home win not listed to
 * nil (6:0), `DO` draw not listed (4:4), `AO` / `OAN` the away mirror. Three ways (older system):
 * `HO` / `DO` / `AO` for any unlisted home win / draw / away win.
 */
export const OTHERS_SELECTIONS: Readonly<Record<OthersScheme, readonly string[]>> = {
  fiveWay: ['HO', 'OHN', 'DO', 'AO', 'OAN'],
  threeWay: ['HO', 'DO', 'AO'],
};

/** Every selection of a correct-score market: `correctScoreSelections('fiveWay')` → `['1:0', …, '2:5', 'HO', 'OHN', 'DO', 'AO', 'OAN']` (33; 31 for three ways). */
export function correctScoreSelections(scheme: OthersScheme): readonly string[] {
  return [...CORRECT_SCORES, ...OTHERS_SELECTIONS[scheme]];
}

const LISTED = new Set<string>(CORRECT_SCORES);

/**
 * The one selection a score wins in a correct-score market.
 *
 * Example: `correctScoreKey({ home: 2, away: 1 }, 'fiveWay')` → `'2:1'`; 4:3 → `'HO'`;
 * 6:0 → `'OHN'`; 0:6 → `'OAN'`; 4:4 → `'DO'`; with `'threeWay'`, 6:0 → `'HO'`.
 */
export function correctScoreKey(score: { home: number; away: number }, scheme: OthersScheme): string {
  const key = `${score.home}:${score.away}`;
  if (LISTED.has(key)) return key;
  if (score.home === score.away) return 'DO';
  const homeWin = score.home > score.away;
  if (scheme === 'threeWay') return homeWin ? 'HO' : 'AO';
  if (homeWin) return score.away > 0 ? 'HO' : 'OHN';
  return score.home > 0 ? 'AO' : 'OAN';
}
