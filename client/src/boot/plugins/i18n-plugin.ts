import { applyDocumentLocale } from '../../shared/i18n/document-locale.ts';
import { localeAtom } from '../../shared/i18n/locale-atom.ts';
import { loadMessages } from '../../shared/i18n/message-catalogue.ts';
import { setCurrentIntl } from '../../shared/i18n/current-intl.ts';
import type { BootPlugin } from '../boot-context.ts';

/** Loads the chosen language before the first paint, so the app never flashes untranslated ids. */
export const i18nPlugin: BootPlugin = {
  name: 'i18n',
  async install({ store }) {
    const locale = store.get(localeAtom);
    applyDocumentLocale(locale);
    setCurrentIntl(locale, await loadMessages(locale));
  },
};
