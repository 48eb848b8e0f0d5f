import { HKJC_CONVENTIONS, selectionParts, type FootballConventions, type MarketCode, type SelectionPart, type SelectionWord } from '@gp/common';
import type { MessageId, MessageRef } from '../i18n/message-ids.ts';

/**
 * The client's words for common's selection parts (`selectionParts`: what each key of each market
 * means). Two vocabularies, as the catalogues have them: the purchase screen's short names
 * (`football.sel.*`, "High") and the help page's (`footballDoc.sel.*`, "Over"). A word a
 * vocabulary does not name reads as its key (a goal count, "7+" on the purchase screen).
 */

/** The purchase screen's names (betting slip, markets, order cells). */
const SCREEN_WORDS: Partial<Record<SelectionWord, MessageId>> = {
  home: 'football.sel.H',
  draw: 'football.sel.D',
  away: 'football.sel.A',
  high: 'football.sel.high',
  low: 'football.sel.low',
  noGoals: 'football.sel.noGoals',
  odd: 'football.sel.odd',
  even: 'football.sel.even',
  noScorer: 'football.sel.noScorer',
  homeOthersAwayScores: 'football.sel.HOAS',
  homeOthersAwayNoGoal: 'football.sel.OHN',
  drawOthers: 'football.sel.DO',
  awayOthersHomeScores: 'football.sel.AOHS',
  awayOthersHomeNoGoal: 'football.sel.OAN',
  homeOthers: 'football.sel.HO',
  awayOthers: 'football.sel.AO',
};

/** The help page's names (rules, worked examples, the odds dashboards). */
const DOC_WORDS: Partial<Record<SelectionWord, MessageId>> = {
  home: 'footballDoc.sel.home',
  draw: 'footballDoc.sel.draw',
  away: 'footballDoc.sel.away',
  high: 'footballDoc.sel.over',
  low: 'footballDoc.sel.under',
  noGoals: 'footballDoc.sel.noGoals',
  odd: 'footballDoc.sel.odd',
  even: 'footballDoc.sel.even',
  noScorer: 'footballDoc.sel.noScorer',
  sevenPlusGoals: 'footballDoc.sel.sevenPlus',
  homeOthersAwayScores: 'footballDoc.sel.others.HO',
  homeOthersAwayNoGoal: 'footballDoc.sel.others.OHN',
  drawOthers: 'footballDoc.sel.others.DO',
  awayOthersHomeScores: 'footballDoc.sel.others.AO',
  awayOthersHomeNoGoal: 'footballDoc.sel.others.OAN',
  homeOthers: 'footballDoc.sel.others.HO3',
  awayOthers: 'footballDoc.sel.others.AO3',
};

/** A part's message in a vocabulary, if it names that word. */
const wordOf = (vocabulary: Partial<Record<SelectionWord, MessageId>>, part: SelectionPart): MessageId | undefined =>
  'word' in part ? vocabulary[part.word] : undefined;

/** A selection as the purchase screen names it: a catalogue message, or text that needs no translation (a score, a player). */
export type SelectionLabel = { id: MessageId; values?: Record<string, string> } | { text: string };

/** The catalogue name of a market on the purchase screen: `marketName('HDC')` → `'football.market.HDC'` ("Handicap"). */
export const marketName = (market: MarketCode) => `football.market.${market}` as MessageId;

/**
 * How a selection of a market reads on the purchase screen: HAD `H` → "Home", HIL `L` → "Low",
 * CRS `HO` → "Home others (away scores)", HFT `HD` → "Home-Draw", FGS `115` → the player's name,
 * TTG `7+` → "7+".
 */
export function selectionLabel(market: MarketCode, key: string, players: readonly { code: string; name: string }[] = []): SelectionLabel {
  const parts = selectionParts(market, key, { players });
  if (market === 'HFT') {
    const [half, full] = parts.map((part) => wordOf(SCREEN_WORDS, part));
    return half && full && parts.length === 2 ? { id: 'football.sel.hft', values: { half, full } } : { text: key };
  }
  const [part] = parts;
  const id = part && wordOf(SCREEN_WORDS, part);
  if (id) return { id };
  return { text: part && 'text' in part ? part.text : key };
}

/**
 * How a selection key reads on the help page, as catalogue references to translate at render
 * time; HFT keys are two results (half time, then full time), hence a list. Scores, goal counts
 * and player codes read as themselves.
 *
 * Example: `selectionLabelParts('HIL', 'H')` → `[{ id: 'footballDoc.sel.over' }]`;
 * `selectionLabelParts('HFT', 'DH')` → `[{ id: 'footballDoc.sel.draw' }, { id: 'footballDoc.sel.home' }]`;
 * `selectionLabelParts('CRS', '2:1')` → `[{ text: '2:1' }]`.
 */
export function selectionLabelParts(market: MarketCode, key: string, conventions: FootballConventions = HKJC_CONVENTIONS): MessageRef[] {
  const ids = selectionParts(market, key, { conventions }).map((part) => wordOf(DOC_WORDS, part));
  if (market === 'HFT') return ids.length === 2 && ids[0] && ids[1] ? [{ id: ids[0] }, { id: ids[1] }] : [{ text: key }];
  return [ids[0] ? { id: ids[0] } : { text: key }];
}

/** A market's translated name on the help page: `marketNameId('HDC')` → `'footballDoc.market.HDC.name'`. */
export const marketNameId = (market: MarketCode): MessageId => `footballDoc.market.${market}.name`;
