import type { Locale } from '@gp/common';
import { DEFAULT_LOCALE } from '@gp/common/locales';
import loaders from 'virtual:catalogue-loaders';
import type { Messages } from './message-ids.ts';

/**
 * Each language's catalogue comes in two parts (client/build/catalogue-parts.ts): `shell`, the
 * messages of the frame and the home page, fetched before the first paint; and `pages`, the rest,
 * fetched when a route other than home asks for it (`requirePageMessages`). Only the chosen
 * language is fetched: every catalogue translates every key (catalogues.test.ts), so English is
 * loaded only when a part fails to load, or a key turns out missing (`withEnglishUnderneath`).
 */
export type CataloguePart = 'shell' | 'pages';

const FALLBACK: Locale = 'en';
const parts = new Map<string, Promise<Messages>>();
const merged = new Map<Locale, Messages>();
const wanted = new Set<CataloguePart>(['shell']);
const listeners = new Set<() => void>();
/** The language last asked for: the one on screen, or about to be. */
let chosen: Locale = DEFAULT_LOCALE;

async function loadOwn(locale: Locale, part: CataloguePart): Promise<Messages> {
  const load = loaders[locale]?.[part];
  if (!load) throw new Error(`No message catalogue for ${locale}`);
  return load();
}

function loadPart(locale: Locale, part: CataloguePart): Promise<Messages> {
  const key = `${locale}/${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = loadOwn(locale, part).catch((error: unknown) => {
      console.error(`[i18n] ${locale} catalogue (${part}) failed to load, using English`, error);
      parts.delete(key); // a later visit tries again
      return locale === FALLBACK ? {} : loadOwn(FALLBACK, part).catch(() => ({}));
    });
    parts.set(key, loading);
  }
  return loading;
}

/** The messages of `locale` the app needs so far: the shell, and the pages part once a page asked for it. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  chosen = locale;
  const loaded = await Promise.all([...wanted].map((part) => loadPart(locale, part)));
  const messages: Messages = Object.assign({}, merged.get(locale), ...loaded);
  merged.set(locale, messages);
  return messages;
}

/**
 * What every route but home awaits beside its chunk: the rest of the catalogue, in the language on
 * screen, from then on loaded with every language the member switches to. Never fails: a part
 * that cannot load falls back to English (see loadPart).
 */
export async function requirePageMessages(): Promise<void> {
  const fresh = !wanted.has('pages');
  wanted.add('pages');
  await loadMessages(chosen);
  if (fresh) for (const listener of listeners) listener();
}

/** Called when a part joins the catalogue (I18nProvider reloads the language on screen). */
export function onCatalogueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `locale`'s catalogue with the whole English one under it, so a key a translator has not reached shows in English, not as a raw id. */
export async function withEnglishUnderneath(locale: Locale): Promise<Messages> {
  const english = await Promise.all((['shell', 'pages'] as const).map((part) => loadOwn(FALLBACK, part).catch(() => ({}))));
  const messages: Messages = Object.assign({}, ...english, merged.get(locale));
  merged.set(locale, messages);
  return messages;
}

/** Whether the `pages` part is part of what is loaded. */
export const hasPageMessages = (): boolean => wanted.has('pages');

export const cachedMessages = (locale: Locale): Messages | undefined => merged.get(locale);
