/** The 11 interface languages of spec §1. zh-TW is the default. */
export const LOCALES = ['zh-TW', 'zh-CN', 'en', 'de', 'es', 'fr', 'id', 'ja', 'th', 'fil', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';

export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  ja: '日本語',
  th: 'ไทย',
  fil: 'Filipino',
  vi: 'Tiếng Việt',
};

/**
 * Right-to-left languages listed in spec §1 (Arabic, Aramaic, Divehi, Persian, Hausa, Hebrew,
 * Khowar, Kashmiri, Kurdish, Pashto, Urdu, Yiddish). None of our 11 interface languages is RTL
 * today, but a locale added later (or a browser locale passed through) gets `dir="rtl"`.
 */
export const RTL_LANGUAGES = ['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi'] as const;

export function textDirection(locale: string): 'rtl' | 'ltr' {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Chinese written in Traditional characters: Taiwan, Hong Kong, Macau, or the script named. */
const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)\b/;
/** Other languages' older or alternative codes: Tagalog for Filipino, the old code of Indonesian. */
const ALIASES: Readonly<Record<string, Locale>> = { tl: 'fil', in: 'id' };

/**
 * The interface language for a first visit, from the browser's preferred languages (in order): an
 * exact match, else the same language (`en-US` → `en`, Traditional Chinese variants → `zh-TW`,
 * other Chinese → `zh-CN`), else the default, zh-TW. A choice the member makes later is kept instead.
 *
 * @example matchLocale(['en-US', 'zh-TW']) → 'en'; matchLocale(['zh-HK']) → 'zh-TW'; matchLocale(['ko-KR']) → 'zh-TW'
 */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const lower = tag.toLowerCase().replace(/_/g, '-');
    const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0] ?? '';
    if (language === 'zh') return TRADITIONAL_CHINESE.test(lower) || lower === 'zh' ? 'zh-TW' : 'zh-CN';
    const same = ALIASES[language] ?? LOCALES.find((locale) => locale === language);
    if (same) return same;
  }
  return DEFAULT_LOCALE;
}
