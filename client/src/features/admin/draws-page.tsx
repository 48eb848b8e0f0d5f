import { ORDER_STATUS_LABELS, type AdminDrawRow } from '@gp/common';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { Points } from '../../shared/money/points.tsx';
import { Money } from './admin-format.tsx';
import { useDescribeError } from './describe.ts';
import { DrawFiguresForm } from './draw-figures-form.tsx';
import { useAdminDraws, useResultFeeds } from './feeds-api.ts';
import { At, useStatusLabel } from './orders-page.tsx';
import { resultLine } from './result-compare.tsx';

/** Where a result came from, by name: the feed sources that agree with it, or the staff members who entered or confirmed it. */
function ResultOrigin({ row }: { row: AdminDrawRow }) {
  if (!row.resultSource) return null;
  const names = [...row.feedSources, ...row.resultBy];
  return (
    <span data-testid="draw-origin">
      <FormattedMessage id={`admin.draws.source.${row.resultSource}` as MessageId} />
      {names.length > 0 && <> · {names.join(', ')}</>}
    </span>
  );
}

function DrawCard({ row }: { row: AdminDrawRow }) {
  const intl = useIntl();
  const statusLabel = useStatusLabel();
  const codeOf = (label: string) => Number(Object.entries(ORDER_STATUS_LABELS).find(([, l]) => l === label)?.[0] ?? label);
  const orders = Object.entries(row.orders);
  const total = orders.reduce((sum, [, n]) => sum + n, 0);
  const filter = new URLSearchParams({ productCode: row.productCode, drawId: row.id });
  return (
    <article className="admin-panel admin-draw" data-testid="draw-row" data-draw={row.id} data-product={row.productCode} aria-labelledby={`draw-${row.targetType}-${row.id}`}>
      <h2 id={`draw-${row.targetType}-${row.id}`}>
        {intl.formatMessage({ id: productNameId(row.productCode) })} <span className="mono">{row.issue}</span>{' '}
        <span className="admin-badge"><FormattedMessage id={`admin.draws.status.${row.status}`} /></span>
        {row.held && (
          <>
            {' '}
            <span className="admin-badge admin-badge--alert"><FormattedMessage id="admin.draws.held" /></span>
          </>
        )}
      </h2>
      <dl className="admin-draw__facts">
        <dt><FormattedMessage id="admin.draws.drawAt" /></dt>
        <dd><At value={row.drawAt} /></dd>
        <dt><FormattedMessage id="admin.draws.sales" /></dt>
        <dd data-testid="draw-sales"><Points value={row.sales} /></dd>
        <dt><FormattedMessage id="admin.draws.orders" /></dt>
        <dd data-testid="draw-orders">
          {total === 0 ? <FormattedMessage id="admin.draws.noOrders" /> : orders.map(([label, n]) => `${statusLabel(codeOf(label))}: ${n}`).join(' · ')}
        </dd>
        <dt><FormattedMessage id="admin.draws.result" /></dt>
        <dd>
          {row.result ? <span className="mono" data-testid="draw-result">{resultLine(row.result)}</span> : <FormattedMessage id="admin.draws.noResult" />} <ResultOrigin row={row} />
        </dd>
        <dt><FormattedMessage id="admin.draws.settlement" /></dt>
        <dd data-testid="draw-settlement">
          <FormattedMessage id="admin.draws.settledOf" values={{ settled: row.settled, toSettle: row.toSettle }} />
          {row.held && <> · <FormattedMessage id="admin.draws.heldHint" /></>}
        </dd>
        {row.pools.length > 0 && (
          <>
            <dt><FormattedMessage id="admin.draws.pools" /></dt>
            <dd data-testid="draw-pools">
              <ul className="admin-draw__pools">
                {row.pools.map((pool) => (
                  <li key={pool.division} data-division={pool.division} data-pending={pool.amount === null}>
                    {pool.name}: {pool.amount === null ? <em><FormattedMessage id="admin.draws.poolPending" /></em> : <Money amount={pool.amount} currency={row.currency ?? ''} />}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {row.jackpot && (
          <>
            <dt><FormattedMessage id="admin.draws.jackpot" /></dt>
            <dd data-testid="draw-jackpot">
              <Money amount={row.jackpot.amount} currency={row.currency ?? ''} />
              {row.jackpot.source && <span className="muted"> (<FormattedMessage id={`admin.draws.jackpotSource.${row.jackpot.source}` as MessageId} />)</span>}
            </dd>
          </>
        )}
      </dl>
      <p className="admin-draw__links">
        <Link to={`/admin/draws/${row.id}/sheet?productCode=${encodeURIComponent(row.productCode)}`}><FormattedMessage id="admin.draws.sheet" /></Link>
        {' · '}
        <Link to={`/admin/orders?${filter.toString()}`}><FormattedMessage id="admin.draws.ordersLink" /></Link>
      </p>
      <DrawFiguresForm row={row} />
    </article>
  );
}

/**
 * Draws (issue 31 item 2; docs/back-office.md): keno and draw-lottery draws, newest first, of one
 * product or all, paged; each with its sales, orders by status, result and where it came from (by
 * name), pool amounts and jackpot, settlement; links to its purchase sheet and its orders; and the
 * four-eyes forms for the pool amounts and jackpot no feed gave. Read again every 30 seconds.
 */
export function DrawsPage() {
  const intl = useIntl();
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const productCode = params.get('productCode') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const draws = useAdminDraws(productCode, page);
  const products = useResultFeeds(false).data?.items.map((p) => p.productCode) ?? [];
  const pages = draws.data ? Math.max(1, Math.ceil(draws.data.total / draws.data.pageSize)) : 1;
  const go = (next: { productCode?: string; page?: number }) => {
    const search = new URLSearchParams();
    const code = next.productCode ?? productCode;
    if (code) search.set('productCode', code);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ productCode: String(new FormData(event.currentTarget).get('productCode') ?? ''), page: 1 });
  };
  return (
    <section aria-labelledby="admin-draws-title" className="admin-draws">
      <h1 id="admin-draws-title"><FormattedMessage id="admin.draws.title" /></h1>
      <p className="muted"><FormattedMessage id="admin.draws.intro" /></p>
      <form className="admin-filters" role="search" onSubmit={submit} aria-label={intl.formatMessage({ id: 'admin.draws.filter' })}>
        <label className="field field--inline">
          <span className="field__label"><FormattedMessage id="admin.draws.product" /></span>
          <select className="field__input" name="productCode" defaultValue={productCode} key={productCode}>
            <option value=""><FormattedMessage id="admin.draws.allProducts" /></option>
            {products.map((code) => (
              <option key={code} value={code}>{`${intl.formatMessage({ id: productNameId(code) })} (${code})`}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary button--small"><FormattedMessage id="admin.draws.show" /></button>
      </form>
      {draws.isError && <p className="notice notice--error" role="alert">{describe(draws.error)}</p>}
      {draws.data && draws.data.items.length === 0 && <p className="muted" role="status"><FormattedMessage id="admin.draws.none" /></p>}
      {draws.data?.items.map((row) => <DrawCard key={`${row.targetType}:${row.id}`} row={row} />)}
      {draws.data && draws.data.total > 0 && (
        <nav className="admin-filters" aria-label={intl.formatMessage({ id: 'admin.draws.pages' })}>
          <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => go({ page: page - 1 })}><FormattedMessage id="admin.draws.newer" /></button>
          <span><FormattedMessage id="admin.draws.pageOf" values={{ page, pages }} /></span>
          <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => go({ page: page + 1 })}><FormattedMessage id="admin.draws.older" /></button>
        </nav>
      )}
    </section>
  );
}
