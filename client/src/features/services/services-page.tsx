import './services.css';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';

interface Service {
  to: string;
  title: MessageId;
  body: MessageId;
  more?: { to: string; label: MessageId };
}

/** What the platform offers, per product, with where to go (spec §2 `/services`). */
const SERVICES: readonly Service[] = [
  { to: '/main/keno', title: 'services.keno.title', body: 'services.keno.body', more: { to: '/main/keno/rules', label: 'services.rules' } },
  { to: '/main/lotto', title: 'services.lotto.title', body: 'services.lotto.body', more: { to: '/lotto-number-master', label: 'services.numberMaster' } },
  {
    to: '/main/sports/hkjc-football',
    title: 'services.football.title',
    body: 'services.football.body',
    more: { to: '/main/sports/hkjc-football-doc', label: 'services.help' },
  },
  { to: '/roadmap', title: 'services.results.title', body: 'services.results.body', more: { to: '/sidebar', label: 'services.dashboards' } },
  { to: '/wallet', title: 'services.wallet.title', body: 'services.wallet.body', more: { to: '/deposit', label: 'services.deposit' } },
  { to: '/messaging-v1', title: 'services.support.title', body: 'services.support.body', more: { to: '/inbox', label: 'services.inbox' } },
];

export function ServicesPage() {
  usePageTitle('services.title');
  return (
    <div className="container page">
      <PageHeader title="services.title" lead="services.lead" />
      <IndexGrid items={SERVICES} testId="services" />
    </div>
  );
}

/** Cards of pages with a sentence each: /services, /main, /sidebar. */
export function IndexGrid({ items, testId }: { items: readonly Service[]; testId: string }) {
  return (
    <ul className="index-grid" data-testid={testId}>
      {items.map((item) => (
        <li key={item.to} className="card index-card">
          <h2 className="index-card__title">
            <Link to={item.to}>
              <FormattedMessage id={item.title} />
            </Link>
          </h2>
          <p className="muted">
            <FormattedMessage id={item.body} />
          </p>
          {item.more && (
            <Link to={item.more.to} className="index-card__more">
              <FormattedMessage id={item.more.label} />
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `/main`: the products, as the index of the purchase screens. */
export function MainIndexPage() {
  usePageTitle('mainIndex.title');
  return (
    <div className="container page">
      <PageHeader title="mainIndex.title" lead="mainIndex.lead" />
      <IndexGrid items={SERVICES.slice(0, 3)} testId="main-index" />
    </div>
  );
}

const SIDEBAR: readonly Service[] = [
  { to: '/sidebar/dashboards', title: 'sidebarIndex.dashboards.title', body: 'sidebarIndex.dashboards.body' },
  { to: '/roadmap', title: 'services.results.title', body: 'services.results.body' },
  { to: '/lotto-number-master', title: 'sidebarIndex.numberMaster.title', body: 'sidebarIndex.numberMaster.body' },
  { to: '/test', title: 'selfCheck.title', body: 'sidebarIndex.selfCheck.body' },
];

/** `/sidebar`: the analysis tools (dashboards, results, number statistics) and the self-check. */
export function SidebarIndexPage() {
  usePageTitle('sidebarIndex.title');
  return (
    <div className="container page">
      <PageHeader title="sidebarIndex.title" lead="sidebarIndex.lead" />
      <IndexGrid items={SIDEBAR} testId="sidebar-index" />
    </div>
  );
}
