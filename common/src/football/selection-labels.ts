import { HKJC_CONVENTIONS, type FootballConventions, type OthersScheme } from './conventions.ts';
import { NO_FIRST_SCORER, type MarketCode } from './markets.ts';

/**
 * What a selection key of each market means, once for every surface: the server's English
 * `label`, the purchase screen and the rules page each put their own words on these parts.
 */

/** The vocabulary of selection names; every language (and the English wire label) names each word. */
export const SELECTION_WORDS = [
  'home',
  'draw',
  'away',
  'high',
  'low',
  'noGoals',
  'odd',
  'even',
  'noScorer',
  'goals',
  'sevenPlusGoals',
  // Correct-score "others", five-way (2025–26 feed) …
  'homeOthersAwayScores',
  'homeOthersAwayNoGoal',
  'drawOthers',
  'awayOthersHomeScores',
  'awayOthersHomeNoGoal',
  // … and three-way (older feed; `drawOthers` is shared).
  'homeOthers',
  'awayOthers',
] as const;
export type SelectionWord = (typeof SELECTION_WORDS)[number];

/**
 * One part of a selection's name: a word of the vocabulary (with the key it stands for, which a
 * surface without a name for that word shows instead), or text that reads as itself (a score, a
 * goal count's digits, a player's name).
 */
export type SelectionPart = { word: SelectionWord; key: string } | { text: string };

const SIDES: Readonly<Record<string, SelectionWord>> = { H: 'home', D: 'draw', A: 'away' };
const HIGH_LOW: Readonly<Record<string, SelectionWord>> = { H: 'high', L: 'low' };
const OTHERS: Readonly<Record<OthersScheme, Readonly<Record<string, SelectionWord>>>> = {
  fiveWay: { HO: 'homeOthersAwayScores', OHN: 'homeOthersAwayNoGoal', DO: 'drawOthers', AO: 'awayOthersHomeScores', OAN: 'awayOthersHomeNoGoal' },
  threeWay: { HO: 'homeOthers', DO: 'drawOthers', AO: 'awayOthers' },
};

const part = (word: SelectionWord | undefined, key: string): SelectionPart => (word ? { word, key } : { text: key });

/**
 * The parts of a selection's name. HFT keys are two results (half time, then full time), hence
 * one part per letter; every other key is one part.
 *
 * Examples: `('HIL', 'L')` → `[{ word: 'low', key: 'L' }]`; `('HFT', 'HD')` → home, draw;
 * `('CRS', '2:1')` → `[{ text: '2:1' }]`; `('FGS', '101', { players })` → the player's name.
 */
export function selectionParts(
  market: MarketCode,
  key: string,
  options: { players?: readonly { code: string; name: string }[]; conventions?: FootballConventions } = {},
): SelectionPart[] {
  switch (market) {
    case 'HAD':
    case 'FHA':
    case 'HHA':
    case 'HDC':
      return [part(SIDES[key], key)];
    case 'HIL':
    case 'FHL':
    case 'CHL':
      return [part(HIGH_LOW[key], key)];
    case 'FTS':
      return [part(key === 'N' ? 'noGoals' : SIDES[key], key)];
    case 'TTG':
      return [part(key === '7+' ? 'sevenPlusGoals' : 'goals', key)];
    case 'OOE':
      return [part(key === 'O' ? 'odd' : key === 'E' ? 'even' : undefined, key)];
    case 'CRS':
    case 'FCS':
      return [part(OTHERS[(options.conventions ?? HKJC_CONVENTIONS).correctScoreOthers[market]][key], key)];
    case 'FGS':
      if (key === NO_FIRST_SCORER) return [part('noScorer', key)];
      return [{ text: options.players?.find((p) => p.code === key)?.name ?? key }];
    case 'HFT':
      return [...key].map((letter) => part(SIDES[letter], letter));
    default:
      return [{ text: key }];
  }
}

/** The English name of each word (the wire's `label`); `{key}` stands for the selection key. */
const ENGLISH: Readonly<Record<SelectionWord, string>> = {
  home: 'Home',
  draw: 'Draw',
  away: 'Away',
  high: 'High',
  low: 'Low',
  noGoals: 'No Goals',
  odd: 'Odd',
  even: 'Even',
  noScorer: 'No First Scorer',
  goals: '{key} Goals',
  sevenPlusGoals: '7+ Goals',
  homeOthersAwayScores: 'Home Others (Away Scores)',
  homeOthersAwayNoGoal: 'Home Others (Away No Goal)',
  drawOthers: 'Draw Others',
  awayOthersHomeScores: 'Away Others (Home Scores)',
  awayOthersHomeNoGoal: 'Away Others (Home No Goal)',
  homeOthers: 'Home Others',
  awayOthers: 'Away Others',
};

/**
 * The English label of a selection, as the API sends it (the client translates the standard keys
 * itself; players have only their name). Examples: `('HIL', 'L')` → `'Low'`; `('HFT', 'HD')` →
 * `'Home/Draw'`; `('TTG', '3')` → `'3 Goals'`; `('FGS', '101', players)` → the player's name.
 */
export function englishSelectionLabel(market: MarketCode, key: string, players: readonly { code: string; name: string }[] = []): string {
  return selectionParts(market, key, { players })
    .map((p) => ('word' in p ? ENGLISH[p.word].replace('{key}', () => p.key) : p.text))
    .join('/');
}
