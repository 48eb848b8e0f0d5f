import type { MarketCode } from '@gp/common';
import { useCallback } from 'react';
import { useTranslateRef } from '../i18n/use-translate.ts';
import { selectionLabelParts } from './selection-labels.ts';

/** `(market, key) => text` in the language on screen: `('HFT', 'DH')` → "Draw / Home". */
export function useSelectionLabel(): (market: MarketCode, key: string) => string {
  const translate = useTranslateRef();
  return useCallback((market, key) => selectionLabelParts(market, key).map(translate).join(' / '), [translate]);
}
