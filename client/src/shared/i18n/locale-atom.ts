import { isLocale, matchLocale } from '@gp/common/locales';
import { atomWithStorage } from 'jotai/utils';
import { rawStringStorage } from '../storage/local-storage.ts';

/** The browser's preferred languages, best first (none outside a browser). */
const preferredLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);

/**
 * The chosen interface language, kept in `localStorage.locale`. Until the member chooses, the
 * browser's language where the site has it (an English browser reads English on a first visit),
 * else spec §1's default, zh-TW.
 */
export const localeAtom = atomWithStorage('locale', matchLocale(preferredLanguages()), rawStringStorage(isLocale), { getOnInit: true });
