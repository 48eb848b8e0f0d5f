import type { Locale } from '@gp/common';
import type { Messages } from './message-ids.ts';

// One lazily loaded chunk per locale: only the chosen language (and English, the fallback) is fetched.
const loaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const cache = new Map<Locale, Messages>();
const FALLBACK: Locale = 'en';

async function loadOwn(locale: Locale): Promise<Messages> {
  const load = loaders[`./messages/${locale}.json`];
  if (!load) throw new Error(`No message catalogue for ${locale}`);
  return load();
}

/**
 * The catalogue of `locale` with English underneath, so a key a translator has not reached yet
 * shows in English instead of as a raw id. A catalogue that fails to load falls back the same way.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  const [fallback, own] = await Promise.all([
    loadOwn(FALLBACK).catch((error: unknown) => {
      console.error('[i18n] English catalogue failed to load', error);
      return {};
    }),
    locale === FALLBACK
      ? Promise.resolve({})
      : loadOwn(locale).catch((error: unknown) => {
          console.error(`[i18n] ${locale} catalogue failed to load, using English`, error);
          return {};
        }),
  ]);
  const merged: Messages = { ...fallback, ...own };
  cache.set(locale, merged);
  return merged;
}

export const cachedMessages = (locale: Locale): Messages | undefined => cache.get(locale);
