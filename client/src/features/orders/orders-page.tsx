import '../../shared/styles/orders.css';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RefreshIcon } from '../../shared/ui/icons.tsx';
import { useRefreshAccount } from '../../shared/account/use-refresh-account.ts';
import { OrderFilters } from './order-filters.tsx';
import { OrdersTable } from './orders-table.tsx';
import { ordersSearch, parseOrdersSearch, withFilter, type OrdersFilter } from './orders-search.ts';

/** `/orders?status=&productCode=&page=` (spec §2): the member's proxy purchases and how they fared. */
export function OrdersPage() {
  usePageTitle('orders.pageTitle');
  const [params, setParams] = useSearchParams();
  const filter = parseOrdersSearch(params);
  const { refresh, refreshing } = useRefreshAccount();
  const go = (next: OrdersFilter) => setParams(ordersSearch(next));

  return (
    <div className="container page orders-page">
      <PageHeader title="orders.title" lead="orders.subtitle" />
      <div className="orders-toolbar">
        <OrderFilters filter={filter} onChange={(change) => go(withFilter(filter, change))} />
        <div className="orders-toolbar__actions">
          <Link to="/roadmap" className="button button--ghost button--small">
            <FormattedMessage id="results.nav" />
          </Link>
          <button type="button" className="button button--ghost button--small" onClick={() => void refresh()} disabled={refreshing} data-testid="orders-refresh">
            <RefreshIcon size={16} />
            <FormattedMessage id="header.update" />
          </button>
        </div>
      </div>
      <OrdersTable filter={filter} onPage={(page) => go({ ...filter, page })} onClear={() => go({ page: 1, status: null, productCode: null })} />
    </div>
  );
}
