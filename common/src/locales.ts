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
