import { render, type RenderOptions } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import en from '../i18n/messages/en.json';

/**
 * Renders a component the way the app does around it, for component tests (happy-dom): react-intl
 * with the English catalogue (or another locale's number formats over it), a fresh jotai store of
 * its own, and a router for the links some messages carry.
 *
 * A test file calls RTL's `cleanup` after each test itself (`afterEach(cleanup)`): the unit project
 * runs without globals, so RTL cannot register it.
 */
export function renderUi(ui: ReactElement, { locale = 'en', ...options }: { locale?: string } & Omit<RenderOptions, 'wrapper'> = {}) {
  const store = createStore();
  function Providers({ children }: { children: ReactNode }) {
    return (
      <JotaiProvider store={store}>
        <IntlProvider locale={locale} defaultLocale="en" messages={en as Record<string, string>}>
          <MemoryRouter>{children}</MemoryRouter>
        </IntlProvider>
      </JotaiProvider>
    );
  }
  return { store, ...render(ui, { wrapper: Providers, ...options }) };
}
