import type { Locale } from '@gp/common';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { setCurrentIntl } from './current-intl.ts';
import { applyDocumentLocale } from './document-locale.ts';
import { localeAtom } from './locale-atom.ts';
import { cachedMessages, hasPageMessages, loadMessages, onCatalogueChange, requirePageMessages, withEnglishUnderneath } from './message-catalogue.ts';
import type { Messages } from './message-ids.ts';

/** Provides react-intl for the chosen locale; keeps the previous language on screen while the next loads. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useAtomValue(localeAtom);
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>(() => ({
    locale,
    messages: cachedMessages(locale) ?? {},
  }));

  // The chosen language, and again whenever a part joins the catalogue (a page asked for the rest).
  const [parts, setParts] = useState(0);
  useEffect(() => onCatalogueChange(() => setParts((n) => n + 1)), []);
  useEffect(() => {
    let cancelled = false;
    void loadMessages(locale).then((messages) => {
      if (!cancelled) setActive({ locale, messages });
    });
    return () => {
      cancelled = true;
    };
  }, [locale, parts]);

  // A key missing from what is loaded: first the rest of this language's catalogue (the shell part
  // is found by scanning the sources, see client/build/catalogue-parts.ts), and should the key still
  // be missing (none is: the catalogue test), English underneath, fetched once.
  const fallbackFor = useRef<Locale | null>(null);
  const onIntlError = useCallback<NonNullable<IntlConfig['onError']>>(
    (error) => {
      if (error.code !== 'MISSING_TRANSLATION') return console.warn('[i18n]', error.message);
      if (Object.keys(active.messages).length === 0) return; // still loading
      if (!hasPageMessages()) {
        console.warn('[i18n] a message outside the shell part of the catalogue:', error.message);
        return void requirePageMessages();
      }
      if (fallbackFor.current === active.locale) return; // already asked
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
