import './draw.css';
import { isDrawCode, type DrawOrderWire, type LotteryDrawWire, type PointsRateWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { DrawOutcome } from '../../shared/draw/draw-order-cells.tsx';
import { lottoPath, lottoResultsPath, numberMasterPath } from '../../shared/draw/draw-links.ts';
import { EntryBalls, ResultBalls } from '../../shared/draw/entry-balls.tsx';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { LoadError, Loading } from '../../shared/ui/load-state.tsx';
import { pageCountOf } from '../../shared/ui/paged-table.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { RESULTS_PAGE_SIZE, useDrawProduct, useDrawResults } from './draw-queries.ts';
import { DrawSwitcher } from './draw-switcher.tsx';
import { useMyDrawOrders } from './my-draw-orders.ts';
import { useLiveDraws } from './use-live-draws.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/** Each division of a drawn draw: winners (official when entered) and the amount per line, or "amount pending". */
function Divisions({ draw, prizeRate }: { draw: LotteryDrawWire; prizeRate: PointsRateWire | null | undefined }) {
  const intl = useIntl();
  const currency = draw.jackpot?.currency ?? prizeRate?.currency ?? '';
  if (draw.divisions.length === 0) return null;
  return (
    <TableWrap>
      <table className="table draw-result__divisions" data-testid="result-divisions">
        <ColumnHeads columns={[{ label: 'draw.rules.division' }, { label: 'draw.results.winners', numeric: true }, { label: 'draw.rules.prize', numeric: true }]} />
        <tbody>
          {draw.divisions.map((division) => (
            <tr key={division.division}>
              <th scope="row">
                {intl.formatMessage({ id: 'draw.division.name' }, { id: division.division })}
                {division.localName !== division.name && <span className="muted"> {division.localName}</span>}
              </th>
              <td className="numeric">{division.winners === null ? '—' : intl.formatNumber(division.winners)}</td>
              <td className="numeric">
                {division.amount === null ? (
                  <span className="muted">
                    <FormattedMessage id="draw.results.amountPending" />
                  </span>
                ) : (
                  <LocalWithPoints value={{ amount: division.amount, currency }} rate={prizeRate} />
                )}
                {division.capped && (
                  <span className="muted">
                    {' '}
                    <FormattedMessage id="draw.results.capped" />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** The member's own orders on this draw: their lines with the drawn numbers marked, and how each fared. */
function MyLines({ orders, draw }: { orders: readonly DrawOrderWire[]; draw: LotteryDrawWire }) {
  return (
    <div className="draw-result__mine" data-testid="my-lines">
      <h4>
        <FormattedMessage id="draw.results.yourLines" />
      </h4>
      <ul className="draw-mine">
        {orders.map((order) =>
          order.selections.map((entry, i) => (
            <li key={`${order.id}-${i}`} data-testid="my-line">
              <EntryBalls entry={entry} drawn={draw.result?.zones} extra={draw.result?.extra} size="small" />
              {i === 0 && <DrawOutcome order={order} />}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

function DrawCard({ draw, mine, prizeRate, open, zone }: { draw: LotteryDrawWire; mine: readonly DrawOrderWire[]; prizeRate: PointsRateWire | null | undefined; open: boolean; zone: string | undefined }) {
  return (
    <li className={`card draw-result${mine.length ? ' draw-result--mine' : ''}`} data-testid="draw-result" data-issue={draw.issue} data-mine={mine.length > 0 || undefined}>
      <div className="draw-result__head">
        <h3 className="mono">{draw.displayIssue}</h3>
        <span className="muted">
          <Moment value={draw.drawAt} timeZone={zone} weekday testId="draw-result-time" />
        </span>
        {draw.jackpot && (
          <span>
            <FormattedMessage id="draw.results.jackpot" values={{ amount: <LocalWithPoints value={draw.jackpot} rate={prizeRate} /> }} />
          </span>
        )}
        {draw.resultSource && (
          <span className="muted" title={draw.seed ? `seed ${draw.seed} · hash ${draw.seedHash}` : draw.seedHash}>
            <FormattedMessage id={draw.resultSource === 'simulated' ? 'draw.results.simulated' : 'draw.results.manual'} />
          </span>
        )}
      </div>
      {draw.result ? <ResultBalls zones={draw.result.zones} extra={draw.result.extra} /> : <span className="muted">—</span>}
      {mine.length > 0 && <MyLines orders={mine} draw={draw} />}
      {/* The latest draw and the member's own show their divisions; older ones keep them one click away. */}
      {open || mine.length > 0 ? (
        <Divisions draw={draw} prizeRate={prizeRate} />
      ) : (
        draw.divisions.length > 0 && (
          <details>
            <summary>
              <FormattedMessage id="draw.results.showDivisions" />
            </summary>
            <Divisions draw={draw} prizeRate={prizeRate} />
          </details>
        )
      )}
    </li>
  );
}

/** `/roadmap/:code`: every draw of a draw lottery with numbers, divisions, winners, amounts and jackpot; the member's own lines highlighted. */
export function DrawResultsPage() {
  const intl = useIntl();
  const { code: raw = '' } = useParams();
  const code = raw.toUpperCase();
  const known = isDrawCode(code);
  usePageTitle('draw.results.title');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const results = useDrawResults(code, page);
  const product = useDrawProduct(code);
  const mine = useMyDrawOrders(code);
  useLiveDraws(known ? code : null);
  const prizeRate = product.data?.rates?.prize;
  const draws = results.data?.items ?? [];
  const pageCount = pageCountOf(results.data?.total, RESULTS_PAGE_SIZE);

  if (!known) {
    return (
      <div className="container page">
        <LoadError icon message="error.product_not_found" />
      </div>
    );
  }
  return (
    <div className="container page draw" data-testid="draw-results-page">
      <header className="page__header">
        <h1>
          <FormattedMessage id="draw.results.heading" values={{ product: intl.formatMessage({ id: productNameId(code) }) }} />
        </h1>
        <DrawSwitcher current={code} hrefFor={lottoResultsPath} label={intl.formatMessage({ id: 'draw.switcher.label' })} />
        <p className="draw__links">
          <Link to={lottoPath(code)} className="button button--primary button--small">
            <FormattedMessage id="draw.index.play" />
          </Link>
          <Link to={numberMasterPath(code)} className="button button--ghost button--small">
            <FormattedMessage id="draw.links.numberMaster" />
          </Link>
          <Link to="/roadmap" className="button button--ghost button--small">
            <FormattedMessage id="draw.results.keno" />
          </Link>
        </p>
      </header>
      {results.isError && !results.data ? (
        <LoadError message="results.error" onRetry={() => void results.refetch()} />
      ) : results.data && draws.length === 0 ? (
        <p className="empty-state" data-testid="results-empty">
          <FormattedMessage id="draw.results.empty" />
        </p>
      ) : results.data ? (
        <>
          <ol className="draw-results-list" aria-busy={results.isFetching}>
            {draws.map((draw, i) => (
              <DrawCard key={draw.id} draw={draw} mine={mine.get(draw.issue) ?? []} prizeRate={prizeRate} open={page === 1 && i === 0} zone={product.data?.product.calendar.timezone} />
            ))}
          </ol>
          <Pagination page={page} pageCount={pageCount} onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
        </>
      ) : (
        <Loading />
      )}
    </div>
  );
}


