import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * A league's or team's name in the reader's language where the source has it (the event's
 * `names`), else the English one: `localName('Harbour Lions', { 'zh-TW': '海港雄獅' })` → "海港雄獅" in zh-TW.
 */
export function useLocalName() {
  const { locale } = useIntl();
  return useCallback((english: string, names?: Readonly<Record<string, string>>) => names?.[locale] ?? english, [locale]);
}
