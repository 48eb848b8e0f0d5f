import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

const LINKS: { to: string; label: MessageId; end?: boolean }[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/main/keno', label: 'keno.nav' },
  { to: '/main/sports/hkjc-football', label: 'football.nav' },
  { to: '/wallet', label: 'nav.wallet' },
  { to: '/roadmap', label: 'results.nav' },
  { to: '/orders', label: 'orders.nav' },
  { to: '/help/faq', label: 'nav.help' },
];

export function MainNav() {
  const intl = useIntl();
  return (
    <nav className="main-nav" aria-label={intl.formatMessage({ id: 'nav.label' })}>
      <ul className="main-nav__list">
        {LINKS.map(({ to, label, end }) => (
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
