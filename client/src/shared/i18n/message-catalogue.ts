import type { Locale } from '@gp/common';
import type { Messages } from './message-ids.ts';

// One lazily loaded chunk per locale: only the chosen language is fetched on the first paint.
const loaders = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });
const cache = new Map<Locale, Messages>();
const FALLBACK: Locale = 'en';

async function loadOwn(locale: Locale): Promise<Messages> {
  const load = loaders[`./messages/${locale}.json`];
  if (!load) throw new Error(`No message catalogue for ${locale}`);
  return load();
}

/**
 * The catalogue of `locale`. Every catalogue translates every English key (catalogues.test.ts), so
 * English is not fetched beside it (a quarter of the home page's JavaScript): only when the
 * catalogue fails to load, or when a key turns out missing (`withEnglishUnderneath`).
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = cache.get(locale);
  if (cached) return cached;
  let messages: Messages;
  try {
    messages = await loadOwn(locale);
  } catch (error) {
    console.error(`[i18n] ${locale} catalogue failed to load, using English`, error);
    messages = locale === FALLBACK ? {} : await loadOwn(FALLBACK).catch(() => ({}));
  }
  cache.set(locale, messages);
  return messages;
}

/** `locale`'s catalogue with English under it, so a key a translator has not reached shows in English, not as a raw id. */
export async function withEnglishUnderneath(locale: Locale): Promise<Messages> {
  const english = await loadOwn(FALLBACK).catch(() => ({}));
  const merged: Messages = { ...english, ...cache.get(locale) };
  cache.set(locale, merged);
  return merged;
}

export const cachedMessages = (locale: Locale): Messages | undefined => cache.get(locale);
