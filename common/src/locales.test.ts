import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, matchLocale, textDirection } from './locales.ts';

describe('interface languages', () => {
  it('offers the 11 languages of the spec with zh-TW as default', () => {
    expect(LOCALES).toHaveLength(11);
    expect(DEFAULT_LOCALE).toBe('zh-TW');
    for (const locale of LOCALES) expect(LOCALE_NAMES[locale]).toBeTruthy();
  });

  it('lays out right-to-left languages from the spec’s list right to left', () => {
    for (const locale of ['ar', 'he-IL', 'fa', 'ur', 'yi', 'ps', 'ku', 'dv', 'ha', 'ks', 'khw', 'arc']) {
      expect(textDirection(locale)).toBe('rtl');
    }
  });

  it('keeps every shipped language left-to-right', () => {
    for (const locale of LOCALES) expect(textDirection(locale)).toBe('ltr');
  });
});

describe('the language of a first visit', () => {
  it('follows the browser: the first preferred language the site has, exactly or by language', () => {
    expect(matchLocale(['en-US', 'zh-TW'])).toBe('en');
    expect(matchLocale(['ja-JP'])).toBe('ja');
    expect(matchLocale(['fr-CA', 'en'])).toBe('fr');
    expect(matchLocale(['ko-KR', 'vi-VN'])).toBe('vi');
    expect(matchLocale(['tl-PH'])).toBe('fil');
    expect(matchLocale(['in-ID'])).toBe('id');
  });

  it('tells the two Chinese apart: Traditional (Taiwan, Hong Kong, Macau, Hant) from Simplified', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh']) expect(matchLocale([tag]), tag).toBe('zh-TW');
    for (const tag of ['zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK']) expect(matchLocale([tag]), tag).toBe('zh-CN');
  });

  it('falls back to zh-TW when the browser prefers nothing the site has', () => {
    expect(matchLocale(['ko-KR', 'ru'])).toBe(DEFAULT_LOCALE);
    expect(matchLocale([])).toBe(DEFAULT_LOCALE);
  });
});
