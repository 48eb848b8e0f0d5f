import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { LocaleSelect } from '../../shared/ui/locale-select.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { ThemeSelect } from '../../shared/theme/theme-select.tsx';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { MENU_LINKS } from './nav-links.ts';

/**
 * `/navbar`: the phone's menu page — language and theme first, where a thumb finds them without
 * scrolling (a first visit in the wrong language is fixed here), then every destination as a
 * full-width row.
 */
export function NavbarPage() {
  usePageTitle('nav.menu');
  const intl = useIntl();
  return (
    <div className="container page navbar-page">
      <h1 className="visually-hidden">
        <FormattedMessage id="nav.menu" />
      </h1>
      <section className="navbar-page__settings" aria-label={intl.formatMessage({ id: 'header.settings' })} data-testid="navbar-settings">
        <LocaleSelect />
        <ThemeSelect />
      </section>
      <nav aria-label={intl.formatMessage({ id: 'nav.label' })}>
        <ul className="navbar-page__list" data-testid="navbar-links">
          {MENU_LINKS.map(({ to, label, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="navbar-page__link">
                <FormattedMessage id={label} />
                <ChevronRightIcon size={16} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
