/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { ERROR_CODES, FIELD_CODES, LOCALES } from '@gp/common';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'messages');
const load = (locale: string) => JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const en = load('en');

/** The variable names a message uses: `{amount}`, `{count, plural, ...}`, nested ones too. */
function variables(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== TYPE.literal) found.add(String(element.value));
    if ('options' in element) for (const option of Object.values(element.options)) variables(option.value, found);
    if ('children' in element) variables(element.children, found);
  }
  return found;
}

// Words an interface keeps in every language (units, codes, a rate such as "1 GP = {value}"), and keys that hold proper names:
// lottery products and payment brands keep their official names in many languages.
const SAME_EVERYWHERE = /^(\{\w+\} ?GP|≈ \{\w+\} GP|1 GP = \{\w+\}|GP|GPoints|PIN|404|OK|Email|E-Mail|[A-Z0-9 ·.+-]+|.*@.*)$/;
const PROPER_NAMES = /^(product\.|deposit\.method\.(wechat|alipay|jko)$)/;

describe('interface translations', () => {
  it('has a message for every API error code and every field code', () => {
    for (const code of ERROR_CODES) expect(en, `error.${code}`).toHaveProperty(`error.${code}`);
    for (const code of FIELD_CODES) expect(en, `field.${code}`).toHaveProperty(`field.${code}`);
  });

  describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    const messages = load(locale);

    it('translates exactly the keys of the English catalogue', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    });

    it('keeps every message valid ICU with the same variables as English', () => {
      for (const [key, text] of Object.entries(messages)) {
        const expected = variables(parse(en[key] ?? ''));
        expect(variables(parse(text)), `${locale} ${key}: ${text}`).toEqual(expected);
      }
    });

    it('is a real translation, not English left in place', () => {
      const untranslated = Object.keys(en).filter((key) => messages[key] === en[key] && !PROPER_NAMES.test(key) && !SAME_EVERYWHERE.test(en[key]!));
      // Words are shared across languages ("Status", "Menu", "Date" in French); phrases of three words or more never are.
      const phrases = untranslated.filter((key) => (en[key]!.replace(/\{\w+\}/g, '').match(/\p{L}+/gu)?.length ?? 0) >= 3);
      expect(phrases, phrases.join(', ')).toEqual([]);
      expect(untranslated.length, untranslated.join(', ')).toBeLessThanOrEqual(10);
    });
  });
});
