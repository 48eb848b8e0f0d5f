import { HKJC_CONVENTIONS, type FootballConventions, type MarketCode } from '@gp/common';
import type { MessageId, MessageRef } from '../../shared/i18n/message-ids.ts';

const SIDE: Record<string, MessageId> = { H: 'footballDoc.sel.home', D: 'footballDoc.sel.draw', A: 'footballDoc.sel.away' };
const HI_LO: Record<string, MessageId> = { H: 'footballDoc.sel.over', L: 'footballDoc.sel.under' };

/** The "others" of a correct-score grid; HO and AO mean more in the three-way scheme (any unlisted win). */
const OTHERS: Record<'fiveWay' | 'threeWay', Record<string, MessageId>> = {
  fiveWay: {
    HO: 'footballDoc.sel.others.HO',
    OHN: 'footballDoc.sel.others.OHN',
    DO: 'footballDoc.sel.others.DO',
    AO: 'footballDoc.sel.others.AO',
    OAN: 'footballDoc.sel.others.OAN',
  },
  threeWay: { HO: 'footballDoc.sel.others.HO3', DO: 'footballDoc.sel.others.DO', AO: 'footballDoc.sel.others.AO3' },
};

const ref = (id: MessageId | undefined, key: string): MessageRef => (id ? { id } : { text: key });

/**
 * How a selection key reads, as catalogue references to translate at render time; HFT keys are
 * two results (half time, then full time), hence a list. Scores, goal counts and player codes
 * read as themselves.
 *
 * Example: `selectionLabelParts('HIL', 'H')` → `[{ id: 'footballDoc.sel.over' }]`;
 * `selectionLabelParts('HFT', 'DH')` → `[{ id: 'footballDoc.sel.draw' }, { id: 'footballDoc.sel.home' }]`;
 * `selectionLabelParts('CRS', '2:1')` → `[{ text: '2:1' }]`.
 */
export function selectionLabelParts(market: MarketCode, key: string, conventions: FootballConventions = HKJC_CONVENTIONS): MessageRef[] {
  switch (market) {
    case 'HAD':
    case 'FHA':
    case 'HHA':
    case 'HDC':
      return [ref(SIDE[key], key)];
    case 'HIL':
    case 'FHL':
    case 'CHL':
      return [ref(HI_LO[key], key)];
    case 'FTS':
      return [ref(key === 'N' ? 'footballDoc.sel.noGoals' : SIDE[key], key)];
    case 'TTG':
      return [ref(key === '7+' ? 'footballDoc.sel.sevenPlus' : undefined, key)];
    case 'OOE':
      return [ref(key === 'O' ? 'footballDoc.sel.odd' : key === 'E' ? 'footballDoc.sel.even' : undefined, key)];
    case 'CRS':
    case 'FCS':
      return [ref(OTHERS[conventions.correctScoreOthers[market]][key], key)];
    case 'FGS':
      return [ref(key === 'N' ? 'footballDoc.sel.noScorer' : undefined, key)];
    case 'HFT':
      return key.length === 2 && SIDE[key[0]!] && SIDE[key[1]!] ? [{ id: SIDE[key[0]!]! }, { id: SIDE[key[1]!]! }] : [{ text: key }];
  }
}

/** A market's translated name: `marketNameId('HDC')` → `'footballDoc.market.HDC.name'`. */
export const marketNameId = (market: MarketCode): MessageId => `footballDoc.market.${market}.name`;
