import { HKJC_CONVENTIONS, NO_FIRST_SCORER, type MarketCode } from '@gp/common';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

/** A selection as the screen names it: a catalogue message, or text that needs no translation (a score, a player). */
export type SelectionLabel = { id: MessageId; values?: Record<string, string> } | { text: string };

const THREE_WAY: Readonly<Record<string, MessageId>> = { H: 'football.sel.H', D: 'football.sel.D', A: 'football.sel.A' };
const HIGH_LOW: Readonly<Record<string, MessageId>> = { H: 'football.sel.high', L: 'football.sel.low' };
/** Correct-score "others": the five-way split of HKJC's 2025–26 feed, or home/draw/away others. */
const OTHERS: Readonly<Record<'fiveWay' | 'threeWay', Readonly<Record<string, MessageId>>>> = {
  fiveWay: { HO: 'football.sel.HOAS', OHN: 'football.sel.OHN', DO: 'football.sel.DO', AO: 'football.sel.AOHS', OAN: 'football.sel.OAN' },
  threeWay: { HO: 'football.sel.HO', DO: 'football.sel.DO', AO: 'football.sel.AO' },
};

/** The catalogue name of a market: `marketName('HDC')` → `'football.market.HDC'` ("Handicap"). */
export const marketName = (market: MarketCode) => `football.market.${market}` as MessageId;

/**
 * How a selection of a market reads: HAD `H` → "Home", HIL `L` → "Low", CRS `HO` → "Home others
 * (away scores)", HFT `HD` → "Home-Draw", FGS `115` → the player's name, TTG `7+` → "7+".
 */
export function selectionLabel(market: MarketCode, key: string, players: readonly { code: string; name: string }[] = []): SelectionLabel {
  switch (market) {
    case 'HAD':
    case 'FHA':
    case 'HHA':
    case 'HDC':
      return THREE_WAY[key] ? { id: THREE_WAY[key] } : { text: key };
    case 'HIL':
    case 'FHL':
    case 'CHL':
      return HIGH_LOW[key] ? { id: HIGH_LOW[key] } : { text: key };
    case 'FTS':
      return key === 'N' ? { id: 'football.sel.noGoals' } : THREE_WAY[key] ? { id: THREE_WAY[key] } : { text: key };
    case 'OOE':
      return key === 'O' ? { id: 'football.sel.odd' } : key === 'E' ? { id: 'football.sel.even' } : { text: key };
    case 'CRS':
    case 'FCS': {
      const others = OTHERS[HKJC_CONVENTIONS.correctScoreOthers[market]][key];
      return others ? { id: others } : { text: key };
    }
    case 'HFT': {
      const [half, full] = [THREE_WAY[key[0] ?? ''], THREE_WAY[key[1] ?? '']];
      return half && full && key.length === 2 ? { id: 'football.sel.hft', values: { half, full } } : { text: key };
    }
    case 'FGS':
      if (key === NO_FIRST_SCORER) return { id: 'football.sel.noScorer' };
      return { text: players.find((p) => p.code === key)?.name ?? key };
    default:
      return { text: key };
  }
}

/** Market and selection names in the language on screen (HFT's parts are messages themselves). */
export function useFootballLabels() {
  const intl = useIntl();
  return useMemo(
    () => ({
      market: (market: MarketCode) => intl.formatMessage({ id: marketName(market) }),
      selection: (market: MarketCode, key: string, players?: readonly { code: string; name: string }[]) => {
        const label = selectionLabel(market, key, players);
        if ('text' in label) return label.text;
        const values = Object.fromEntries(Object.entries(label.values ?? {}).map(([k, id]) => [k, intl.formatMessage({ id: id as MessageId })]));
        return intl.formatMessage({ id: label.id }, values);
      },
    }),
    [intl],
  );
}
