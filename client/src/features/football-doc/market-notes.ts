import { ALLUP_LIMITS, HKJC_CONVENTIONS, HKS01_STAKE_RULES, type FootballConventions, type MarketDefinition, type Provenance } from '@gp/common';
import type { MessageId, MessageValues } from '../../shared/i18n/message-ids.ts';

/** A rule sentence of a bet type with the provenance that qualifies it (shown as its label). */
export interface MarketNote {
  id: MessageId;
  values?: MessageValues;
  /** Money values to format in the reader's locale (minor units, HKD). */
  money?: Record<string, number>;
  fact?: Provenance;
}

const LINE_MARKETS = new Set(['HDC', 'HIL', 'FHL', 'CHL']);

/**
 * The notes under a bet type, all read from common's data: the all-up leg limit for the
 * restricted markets, the handicap minimum, and each unconfirmed convention the market settles by.
 *
 * Example: `marketNotes(FOOTBALL_MARKETS.HDC)` → the handicap minimum (HK$200) and the split-line rule with its label.
 */
export function marketNotes(market: MarketDefinition, conventions: FootballConventions = HKJC_CONVENTIONS): MarketNote[] {
  const notes: MarketNote[] = [];
  if (market.restricted) notes.push({ id: 'footballDoc.note.restricted', values: { max: ALLUP_LIMITS.maxLegsRestricted }, fact: ALLUP_LIMITS });
  if (market.handicapMinimum) {
    const rule = HKS01_STAKE_RULES.handicapMinimum;
    notes.push({ id: 'footballDoc.note.handicapMinimum', money: { amount: rule.amount }, fact: rule });
  }
  if (LINE_MARKETS.has(market.code)) notes.push({ id: 'footballDoc.note.splitLine', fact: conventions.lines });
  if (market.code === 'OOE') {
    notes.push({ id: 'footballDoc.note.zeroGoals', values: { parity: conventions.zeroGoals.parity }, fact: conventions.zeroGoals });
  }
  if (market.code === 'FGS') {
    notes.push({ id: 'footballDoc.note.nonRunner', values: { rule: conventions.nonRunnerScorer.rule }, fact: conventions.nonRunnerScorer });
  }
  if (market.period === 'firstHalf') {
    notes.push({
      id: 'footballDoc.note.firstHalfStands',
      values: { stands: String(conventions.abandonedAfterHalfTime.firstHalfMarketsStand) },
      fact: conventions.abandonedAfterHalfTime,
    });
  }
  return notes;
}
