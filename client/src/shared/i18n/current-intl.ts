import { DEFAULT_LOCALE } from '@gp/common/locales';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Messages } from './message-ids.ts';

const intlCache = createIntlCache();
let current: IntlShape = createIntl({ locale: DEFAULT_LOCALE, messages: {} as Record<string, string>, onError: () => {} }, intlCache);

/**
 * The translator of the language on screen, for the few places outside the provider tree
 * (the last-resort crash screen). I18nProvider keeps it up to date.
 */
export function setCurrentIntl(locale: string, messages: Messages): void {
  current = createIntl({ locale, messages: messages as Record<string, string>, onError: () => {} }, intlCache);
}

export const currentIntl = (): IntlShape => current;
