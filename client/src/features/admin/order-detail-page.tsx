import type { TimelineEntry } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Points } from '../../shared/money/points.tsx';
import { useDescribeError } from './describe.ts';
import { At, useStatusLabel } from './orders-page.tsx';
import { useAdminOrder } from './reports-api.ts';

/**
 * One order's page (issue 31 item 4): what it is and whose, and its whole timeline oldest first —
 * the status changes its member sees in their history, each staff action with the staff member's
 * name, the points it moved and the flags the back office raised on it.
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const describe = useDescribeError();
  const statusLabel = useStatusLabel();
  const detail = useAdminOrder(id);

  if (detail.isError) return <p className="notice notice--error" role="alert">{describe(detail.error)}</p>;
  if (!detail.data) return <p className="muted"><FormattedMessage id="admin.loading" /></p>;
  const { order, member, timeline } = detail.data;

  const line = (entry: TimelineEntry) => {
    switch (entry.type) {
      case 'status':
        return <FormattedMessage id="admin.order.statusLine" values={{ from: entry.from === null ? '—' : statusLabel(entry.from), to: statusLabel(entry.to), reason: entry.reason }} />;
      case 'staff':
        return <FormattedMessage id="admin.order.staffLine" values={{ action: entry.action, who: entry.actor ? `${entry.actor.name} (${intl.formatMessage({ id: entry.actor.role === 'supervisor' ? 'admin.role.supervisor' : 'admin.role.operator' })})` : intl.formatMessage({ id: 'admin.order.system' }) }} />;
      case 'money':
        return <FormattedMessage id="admin.order.moneyLine" values={{ kind: entry.kind, amount: <Points value={entry.amount} signed />, account: entry.account }} />;
      case 'flag':
        return <FormattedMessage id="admin.order.flagLine" values={{ kind: entry.kind }} />;
    }
  };

  return (
    <section aria-labelledby="admin-order-title" className="admin-order">
      <p><Link to="/admin/orders"><FormattedMessage id="admin.order.back" /></Link></p>
      <h1 id="admin-order-title"><FormattedMessage id="admin.order.title" values={{ id: order.id }} /></h1>
      <dl className="admin-figures">
        <div><dt><FormattedMessage id="admin.orders.product" /></dt><dd className="admin-member__small">{order.productCode} {order.issue}</dd></div>
        <div><dt><FormattedMessage id="admin.orders.member" /></dt><dd className="admin-member__small"><Link to={`/admin/members/${member.id}`}>{member.name}</Link> {member.email}</dd></div>
        <div><dt><FormattedMessage id="admin.orders.status" /></dt><dd className="admin-member__small" data-testid="order-status">{statusLabel(order.status)}</dd></div>
        <div><dt><FormattedMessage id="admin.orders.amount" /></dt><dd className="admin-member__small"><Points value={order.pointsSpent} /></dd></div>
        {order.prize !== null && order.prize !== undefined && <div><dt><FormattedMessage id="admin.order.prize" /></dt><dd className="admin-member__small"><Points value={order.prize} /></dd></div>}
      </dl>
      <h2><FormattedMessage id="admin.order.timeline" /></h2>
      <ol className="admin-timeline" data-testid="order-timeline">
        {timeline.map((entry, i) => (
          <li key={i} data-type={entry.type}>
            <time dateTime={entry.at}><At value={entry.at} /></time> {line(entry)}
          </li>
        ))}
      </ol>
    </section>
  );
}
