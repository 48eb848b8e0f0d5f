import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, LOCALE_NAMES, textDirection } from './locales.ts';

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
