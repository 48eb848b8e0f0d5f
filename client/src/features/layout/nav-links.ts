import type { MessageId } from '../../shared/i18n/message-ids.ts';

export interface NavItem {
  to: string;
  label: MessageId;
  end?: boolean;
}

/** The header's links on a wide screen (the brand is the way home; help is in the footer). */
export const HEADER_LINKS: readonly NavItem[] = [
  { to: '/main/keno', label: 'keno.nav' },
  { to: '/main/lotto', label: 'draw.nav' },
  { to: '/main/sports/hkjc-football', label: 'football.nav' },
  { to: '/roadmap', label: 'results.nav' },
  { to: '/orders', label: 'orders.nav' },
  { to: '/wallet', label: 'nav.wallet' },
];

/** Everything the phone's menu page (/navbar) lists. */
export const MENU_LINKS: readonly NavItem[] = [
  { to: '/', label: 'nav.home', end: true },
  ...HEADER_LINKS,
  { to: '/deposit', label: 'header.deposit' },
  { to: '/sidebar/dashboards', label: 'dashboards.index.title' },
  { to: '/inbox', label: 'inbox.title' },
  { to: '/account', label: 'account.title' },
  { to: '/services', label: 'services.title' },
  { to: '/help/faq', label: 'nav.help' },
  { to: '/help/contact', label: 'footer.contact' },
];
