import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { HEADER_LINKS } from './nav-links.ts';

/** The header's links on a wide screen; a phone shows the menu button instead (see MenuButton). */
export function MainNav() {
  const intl = useIntl();
  return (
    <nav className="main-nav" aria-label={intl.formatMessage({ id: 'nav.label' })}>
      <ul className="main-nav__list">
        {HEADER_LINKS.map(({ to, label, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="main-nav__link">
              <FormattedMessage id={label} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
