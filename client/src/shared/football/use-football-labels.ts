import type { MarketCode } from '@gp/common';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { marketName, selectionLabel } from './selection-labels.ts';

/** Market and selection names of the purchase screen in the language on screen (HFT's parts are messages themselves). */
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
