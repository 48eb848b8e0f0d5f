import type { Locale } from '@gp/common';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { setCurrentIntl } from './current-intl.ts';
import { applyDocumentLocale } from './document-locale.ts';
import { localeAtom } from './locale-atom.ts';
import { cachedMessages, loadMessages } from './message-catalogue.ts';
import type { Messages } from './message-ids.ts';

const onIntlError: IntlConfig['onError'] = (error) => {
  // English sits under every catalogue, so a missing key already shows in English.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.warn('[i18n]', error.message);
};

/** Provides react-intl for the chosen locale; keeps the previous language on screen while the next loads. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>(() => ({
    locale,
    messages: cachedMessages(locale) ?? {},
  }));

  useEffect(() => {
    let cancelled = false;
    void loadMessages(locale).then((messages) => {
      if (!cancelled) setActive({ locale, messages });
    });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  useEffect(() => {
    applyDocumentLocale(active.locale);
    setCurrentIntl(active.locale, active.messages);
  }, [active]);

  return (
    <IntlProvider
      locale={active.locale}
      defaultLocale="en"
      messages={active.messages as Record<string, string>}
      onError={onIntlError}
    >
      {children}
    </IntlProvider>
  );
}
