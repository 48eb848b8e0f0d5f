import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * A name in `locale` from the names a source gave: that locale's own, else — for a Chinese reader —
 * the other Chinese script (HKJC names only in Traditional; a zh-CN reader reads it better than
 * English); otherwise none, and the caller shows the English name.
 */
export function localNameIn(locale: string, english: string, names?: Readonly<Record<string, string>> | null): string {
  if (!names) return english;
  const chinese = locale.startsWith('zh') ? (names['zh-TW'] ?? names['zh-CN']) : undefined;
  return names[locale] ?? chinese ?? english;
}

/**
 * A league's or team's name in the reader's language where the source has it (the event's
 * `names`), else the English one: `localName('Harbour Lions', { 'zh-TW': '海港雄獅' })` → "海港雄獅" in zh-TW.
 */
export function useLocalName() {
  const { locale } = useIntl();
  return useCallback((english: string, names?: Readonly<Record<string, string>> | null) => localNameIn(locale, english, names), [locale]);
}

/** "Home – Away" in the reader's language where the source named the teams in it: "海港雄獅 – 大坑飛龍" in zh-TW. */
export function useMatchName() {
  const name = useLocalName();
  return useCallback(
    (match: { home: string; away: string; names?: { home?: Readonly<Record<string, string>>; away?: Readonly<Record<string, string>> } | null }) =>
      `${name(match.home, match.names?.home)} – ${name(match.away, match.names?.away)}`,
    [name],
  );
}
