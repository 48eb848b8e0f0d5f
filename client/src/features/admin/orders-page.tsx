import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@gp/common';
import type { FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Points } from '../../shared/money/points.tsx';
import { useDescribeError } from './describe.ts';
import { ORDER_FILTERS, useOrderSearch } from './reports-api.ts';

/** A moment with its zone (the browser's), as the console's order pages show every time. */
export const At = ({ value }: { value: string }) => <FormattedDate value={value} year="numeric" month="2-digit" day="2-digit" hour="2-digit" minute="2-digit" timeZoneName="short" />;

const STATUSES = Object.keys(ORDER_STATUS_LABELS).map(Number) as OrderStatusCode[];

/** An order status in words (the member's own labels). */
export function useStatusLabel() {
  const intl = useIntl();
  return (status: number) => (status in ORDER_STATUS_LABELS ? intl.formatMessage({ id: `keno.status.${ORDER_STATUS_LABELS[status as OrderStatusCode]}` }) : String(status));
}

/**
 * Orders (issue 31 item 4): every order by product, draw, football event, status, day, member or
 * a word. The filters live in the address (`/admin/orders?productCode=HKA01&drawId=131&status=0,1`),
 * so a search is a link a colleague can open; "Older" follows the keyset page in the address too.
 */
export function OrdersPage() {
  const intl = useIntl();
  const describe = useDescribeError();
  const statusLabel = useStatusLabel();
  const [params, setParams] = useSearchParams();
  const search = useOrderSearch(params.toString());
  const checked = new Set((params.get('status') ?? '').split(',').filter(Boolean));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ORDER_FILTERS) {
      const value = name === 'status' ? form.getAll('status').join(',') : String(form.get(name) ?? '').trim();
      if (value) next.set(name, name === 'productCode' ? value.toUpperCase() : value);
    }
    setParams(next);
  }

  const page = search.data;
  const field = (name: (typeof ORDER_FILTERS)[number], label: string, props: Record<string, unknown> = {}) => (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <input className="field__input" name={name} defaultValue={params.get(name) ?? ''} key={`${name}-${params.get(name) ?? ''}`} autoComplete="off" {...props} />
    </label>
  );
  return (
    <section aria-labelledby="admin-orders-title">
      <h1 id="admin-orders-title"><FormattedMessage id="admin.orders.title" /></h1>
      <form className="admin-panel admin-filters" role="search" onSubmit={submit} aria-label={intl.formatMessage({ id: 'admin.orders.filters' })}>
        {field('q', intl.formatMessage({ id: 'admin.orders.q' }), { maxLength: 100, type: 'search' })}
        {field('productCode', intl.formatMessage({ id: 'admin.orders.product' }), { maxLength: 5, size: 7 })}
        {field('drawId', intl.formatMessage({ id: 'admin.orders.drawId' }), { inputMode: 'numeric', size: 8 })}
        {field('eventId', intl.formatMessage({ id: 'admin.orders.eventId' }), { inputMode: 'numeric', size: 8 })}
        {field('memberId', intl.formatMessage({ id: 'admin.orders.memberId' }), { inputMode: 'numeric', size: 8 })}
        {field('from', intl.formatMessage({ id: 'admin.orders.from' }), { type: 'date' })}
        {field('to', intl.formatMessage({ id: 'admin.orders.to' }), { type: 'date' })}
        <fieldset className="admin-orders__statuses">
          <legend className="field__label"><FormattedMessage id="admin.orders.status" /></legend>
          {STATUSES.map((status) => (
            <label key={`${status}-${checked.has(String(status))}`}>
              <input type="checkbox" name="status" value={status} defaultChecked={checked.has(String(status))} /> {statusLabel(status)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary"><FormattedMessage id="admin.orders.search" /></button>
        {params.size > 0 && <Link to="/admin/orders" className="button button--ghost"><FormattedMessage id="admin.orders.clear" /></Link>}
      </form>
      {page && <p className="muted"><FormattedMessage id="admin.orders.zone" values={{ zone: page.timeZone }} /></p>}
      {search.isError && <p className="notice notice--error" role="alert">{describe(search.error)}</p>}
      {page && page.items.length === 0 && <p className="muted" role="status"><FormattedMessage id="admin.orders.none" /></p>}
      {page && page.items.length > 0 && (
        <div className="table-wrap">
          <table className="table admin-table" data-testid="order-results">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col"><FormattedMessage id="admin.orders.product" /></th>
                <th scope="col"><FormattedMessage id="admin.orders.member" /></th>
                <th scope="col"><FormattedMessage id="admin.orders.status" /></th>
                <th scope="col"><FormattedMessage id="admin.orders.amount" /></th>
                <th scope="col"><FormattedMessage id="admin.orders.placed" /></th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((o) => (
                <tr key={o.id}>
                  <td className="mono"><Link to={`/admin/orders/${o.id}`} data-order-link>{o.id}</Link></td>
                  <td>{o.productCode} <span className="mono">{o.issue}</span></td>
                  <td><Link to={`/admin/members/${o.member.id}`}>{o.member.name}</Link> <span className="muted admin-members__email">{o.member.email}</span></td>
                  <td>{statusLabel(o.status)}{o.settledAt && <> · <FormattedMessage id="admin.orders.settled" /></>}</td>
                  <td>{o.trial ? <FormattedMessage id="admin.orders.trial" /> : <Points value={o.pointsSpent} />}</td>
                  <td><At value={o.createdAt} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.nextBefore && (
        <p>
          <Link to={`/admin/orders?${new URLSearchParams([...[...params.entries()].filter(([k]) => k !== 'before'), ['before', page.nextBefore]]).toString()}`}>
            <FormattedMessage id="admin.orders.older" />
          </Link>
        </p>
      )}
    </section>
  );
}
