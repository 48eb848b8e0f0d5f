import { FOOTBALL_PRODUCT_CODE, ORDER_STATUSES, type OrderStatusCode } from '@gp/common';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { KENO_CODES, productNameId } from '../../shared/keno/keno-codes.ts';
import { useProducts } from '../../shared/keno/product-query.ts';
import type { OrdersFilter } from './orders-search.ts';

type FilterChange = Partial<Pick<OrdersFilter, 'status' | 'productCode'>>;

/** Status and product filters; each change goes into the address, so a filtered list can be shared. */
export function OrderFilters({ filter, onChange }: { filter: OrdersFilter; onChange: (change: FilterChange) => void }) {
  const intl = useIntl();
  const statusId = useId();
  const productId = useId();
  const products = useProducts();
  // The products on sale, or the keno codes until the list arrives; a linked code stays selectable.
  const codes = [...new Set([...(products.data?.map((p) => p.code) ?? KENO_CODES), FOOTBALL_PRODUCT_CODE, ...(filter.productCode ? [filter.productCode] : [])])];
  const all = intl.formatMessage({ id: 'orders.filter.all' });

  return (
    <div className="order-filters" role="group" aria-label={intl.formatMessage({ id: 'orders.filter.label' })}>
      <div className="order-filters__field">
        <label htmlFor={statusId}>
          <FormattedMessage id="orders.col.status" />
        </label>
        <select
          id={statusId}
          className="filter-select"
          data-testid="filter-status"
          value={filter.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value === '' ? null : (Number(event.target.value) as OrderStatusCode) })}
        >
          <option value="">{all}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {intl.formatMessage({ id: `orders.status.${status}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="order-filters__field">
        <label htmlFor={productId}>
          <FormattedMessage id="orders.col.product" />
        </label>
        <select
          id={productId}
          className="filter-select"
          data-testid="filter-product"
          value={filter.productCode ?? ''}
          onChange={(event) => onChange({ productCode: event.target.value || null })}
        >
          <option value="">{all}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {intl.formatMessage({ id: productNameId(code) })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
