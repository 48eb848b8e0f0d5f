import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { useProducts } from '../../shared/keno/product-query.ts';
import { COLUMN_COUNT, OrderRow } from './order-row.tsx';
import { NUMERIC_COLUMNS, ORDER_COLUMNS, type OrderColumn } from './orders-columns.ts';
import { ORDERS_PAGE_SIZE, useOrders } from './orders-query.ts';
import type { OrdersFilter } from './orders-search.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/** The member's orders for a filter: loading, error, empty (with a way to start) or the paged table. */
export function OrdersTable({ filter, onPage, onClear }: { filter: OrdersFilter; onPage: (page: number) => void; onClear: () => void }) {
  const intl = useIntl();
  const orders = useOrders(filter);
  // Products that sell a super number (BINGO): only their orders have a special number and a drawn "super".
  const products = useProducts();
  const superProducts = new Set(products.data ? products.data.filter((p) => p.rules.superNumber?.offered).map((p) => p.code) : ['TWB01']);
  const filtered = filter.status !== null || filter.productCode !== null;
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;

  if (orders.isError && !orders.data) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          <FormattedMessage id="orders.error" />
        </p>
        <button type="button" className="button button--ghost button--small" onClick={() => void orders.refetch()}>
          <FormattedMessage id="app.retry" />
        </button>
      </div>
    );
  }
  if (orders.data?.items.length === 0) {
    return (
      <div className="empty-state orders-empty" data-testid="orders-empty">
        <p>
          <FormattedMessage id={filtered ? 'orders.emptyFiltered' : 'orders.empty'} />
        </p>
        {filtered ? (
          <button type="button" className="button button--ghost button--small" onClick={onClear}>
            <FormattedMessage id="orders.filter.clear" />
          </button>
        ) : (
          <Link to="/main/keno" className="button button--primary">
            <FormattedMessage id="orders.empty.cta" />
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      {orders.data && (
        <p className="muted orders-count" aria-live="polite">
          <FormattedMessage id="orders.count" values={{ total: orders.data.total }} />
        </p>
      )}
      <TableWrap className="orders-wrap" aria-busy={orders.isFetching}>
        <table className="table orders-table" data-testid="orders-table">
          <caption className="visually-hidden">
            <FormattedMessage id="orders.caption" values={{ page: filter.page, pages: pageCount }} />
          </caption>
          <thead>
            <tr>
              {(Object.keys(ORDER_COLUMNS) as OrderColumn[]).map((column) => (
                <th key={column} scope="col" className={NUMERIC_COLUMNS.has(column) ? 'numeric' : undefined}>
                  {intl.formatMessage({ id: ORDER_COLUMNS[column] })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.data
              ? orders.data.items.map((order) => <OrderRow key={order.id} order={order} showSuper={superProducts.has(order.productCode)} />)
              : Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    <td colSpan={COLUMN_COUNT}>
                      <span className="skeleton skeleton--row" />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </TableWrap>
      <Pagination page={filter.page} pageCount={pageCount} onChange={onPage} />
    </>
  );
}
