import { DEFAULT_LOCALE, isLocale } from '@gp/common/locales';
import { atomWithStorage } from 'jotai/utils';
import { rawStringStorage } from '../storage/local-storage.ts';

/** The chosen interface language, kept in `localStorage.locale` (spec §1: default zh-TW). */
export const localeAtom = atomWithStorage('locale', DEFAULT_LOCALE, rawStringStorage(isLocale), { getOnInit: true });
