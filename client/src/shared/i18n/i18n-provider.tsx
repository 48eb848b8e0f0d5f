import type { Locale } from '@gp/common';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { setCurrentIntl } from './current-intl.ts';
import { applyDocumentLocale } from './document-locale.ts';
import { localeAtom } from './locale-atom.ts';
import { cachedMessages, loadMessages, withEnglishUnderneath } from './message-catalogue.ts';
import type { Messages } from './message-ids.ts';

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

  // A key missing from the catalogue (none is: the catalogue test): fetch English once and put it underneath.
  const fallbackFor = useRef<Locale | null>(null);
  const onIntlError = useCallback<NonNullable<IntlConfig['onError']>>(
    (error) => {
      if (error.code !== 'MISSING_TRANSLATION') return console.warn('[i18n]', error.message);
      if (Object.keys(active.messages).length === 0 || fallbackFor.current === active.locale) return; // still loading, or already asked
      fallbackFor.current = active.locale;
      const { locale: missingIn } = active;
      void withEnglishUnderneath(missingIn).then((messages) => setActive((now) => (now.locale === missingIn ? { locale: missingIn, messages } : now)));
    },
    [active],
  );

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
