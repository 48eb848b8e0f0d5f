import './dashboards.css';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

const DASHBOARDS: { to: string; title: MessageId; lead: MessageId }[] = [
  { to: '/sidebar/dashboards/hkjc-football', title: 'dashboards.odds.title', lead: 'dashboards.odds.lead' },
  { to: '/sidebar/dashboards/soccer', title: 'dashboards.soccer.title', lead: 'dashboards.soccer.lead' },
];

/** `/sidebar/dashboards`: the dashboards there are, each a card linking to it. */
export function DashboardsIndexPage() {
  usePageTitle('dashboards.index.title');
  return (
    <div className="container page">
      <PageHeader title="dashboards.index.title" lead="dashboards.index.lead" />
      <ul className="dashboard-index" data-testid="dashboard-index">
        {DASHBOARDS.map(({ to, title, lead }) => (
          <li key={to}>
            <Link to={to} className="card dashboard-index__card">
              <span className="dashboard-index__title">
                <FormattedMessage id={title} />
                <ChevronRightIcon size={18} />
              </span>
              <span className="muted">
                <FormattedMessage id={lead} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
