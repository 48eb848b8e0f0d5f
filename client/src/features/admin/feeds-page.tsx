import type { FeedConflictWire, ProductFeedStatus } from '@gp/common';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { useDescribeError } from './describe.ts';
import { FEEDS_KEY, REFRESH_MS, useFeedActions, useResultFeeds } from './feeds-api.ts';
import { At } from './orders-page.tsx';
import { ResultCompare, resultLine } from './result-compare.tsx';
import { isSupervisor, useConsole } from './staff-session.ts';

/** A lag in words: "2 h 5 min", "40 s". */
function Lag({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <FormattedMessage id="admin.feeds.noLag" />;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return <FormattedMessage id="admin.feeds.lagValue" values={{ h, m, s: seconds % 60 }} />;
}

/**
 * Result feeds (issue 31 item 1; docs/result-feeds.md): per product where its results come from,
 * each source's last fetch and answer, the last result, the lag and the state — in words, not by
 * colour only — or why it has no feed; the draws waiting for a staff confirmation of a single
 * source, and the conflicts with both versions side by side. Read again every 30 seconds.
 */
export function FeedsPage() {
  const describe = useDescribeError();
  const feeds = useResultFeeds();
  const { notice, act } = useConsoleAction(FEEDS_KEY);
  const items = feeds.data?.items ?? [];
  const attention = items.filter((p) => p.state !== 'ok' || p.awaiting.length > 0);
  return (
    <section aria-labelledby="admin-feeds-title" className="admin-feeds">
      <h1 id="admin-feeds-title"><FormattedMessage id="admin.feeds.title" /></h1>
      <p className="muted"><FormattedMessage id="admin.feeds.intro" values={{ seconds: REFRESH_MS / 1000 }} /></p>
      <div className="admin-filters">
        <button type="button" className="button button--ghost button--small" onClick={() => void feeds.refetch()}><FormattedMessage id="admin.feeds.refresh" /></button>
        {feeds.dataUpdatedAt > 0 && <span className="muted"><FormattedMessage id="admin.feeds.readAt" values={{ at: <At value={new Date(feeds.dataUpdatedAt).toISOString()} /> }} /></span>}
      </div>
      <ConsoleNoticeLine notice={notice} testId="feeds-notice" />
      {feeds.isError && <p className="notice notice--error" role="alert">{describe(feeds.error)}</p>}
      {feeds.data && <p role="status"><FormattedMessage id="admin.feeds.summary" values={{ n: items.length, attention: attention.length }} /></p>}
      {items.map((product) => (
        <ProductFeed key={product.productCode} product={product} act={act} />
      ))}
    </section>
  );
}

type Act = ReturnType<typeof useConsoleAction>['act'];

function ProductFeed({ product, act }: { product: ProductFeedStatus; act: Act }) {
  const intl = useIntl();
  const actions = useFeedActions();
  const name = intl.formatMessage({ id: productNameId(product.productCode) });
  return (
    <article className="admin-panel admin-feed" data-testid="feed-product" data-product={product.productCode} data-state={product.state} aria-labelledby={`feed-${product.productCode}`}>
      <h2 id={`feed-${product.productCode}`}>
        {name} <span className="mono muted">{product.productCode}</span>{' '}
        <span className={`admin-badge admin-feed__state admin-feed__state--${product.state}`} data-testid="feed-state">
          <FormattedMessage id={`admin.feeds.state.${product.state}`} />
        </span>
      </h2>
      <p>
        <FormattedMessage id={`admin.feeds.mode.${product.mode}`} />
        {product.noFeed && (
          <>
            {' '}
            <strong data-testid="feed-none"><FormattedMessage id={`admin.feeds.noFeed.${product.noFeed}`} /></strong>
          </>
        )}
      </p>
      <dl className="admin-feed__facts">
        <dt><FormattedMessage id="admin.feeds.lastResult" /></dt>
        <dd>
          {product.lastResult ? (
            <>
              <span className="mono">{product.lastResult.issue}</span> · <At value={product.lastResult.drawAt} />
              {product.lastResult.resultSource && <> · <FormattedMessage id={`admin.draws.source.${product.lastResult.resultSource}` as MessageId} /></>}
            </>
          ) : (
            '—'
          )}
        </dd>
        <dt><FormattedMessage id="admin.feeds.lag" /></dt>
        <dd><Lag seconds={product.lagSeconds} /></dd>
      </dl>
      {product.sources.length > 0 && (
        <TableWrap>
          <table className="table admin-table" data-testid="feed-sources">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="admin.feeds.source" /></th>
                <th scope="col"><FormattedMessage id="admin.feeds.lastFetch" /></th>
                <th scope="col"><FormattedMessage id="admin.feeds.lastAnswer" /></th>
                <th scope="col"><FormattedMessage id="admin.feeds.lastOk" /></th>
                <th scope="col"><FormattedMessage id="admin.feeds.failures" /></th>
              </tr>
            </thead>
            <tbody>
              {product.sources.map((s) => (
                <tr key={s.source}>
                  <th scope="row" className="mono">{s.source}</th>
                  <td>{s.lastFetchAt ? <At value={s.lastFetchAt} /> : <FormattedMessage id="admin.feeds.never" />}</td>
                  <td className={s.lastAnswer === 'down' ? 'admin-urgent' : undefined}>
                    {s.lastAnswer ? <FormattedMessage id={`admin.feeds.answer.${s.lastAnswer}`} /> : '—'}
                    {s.lastError && <span className="muted"> ({s.lastError})</span>}
                  </td>
                  <td>{s.lastOkAt ? <At value={s.lastOkAt} /> : '—'}</td>
                  <td><FormattedNumber value={s.failures} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {product.awaiting.length > 0 && (
        <div data-testid="feed-awaiting">
          <h3><FormattedMessage id="admin.feeds.awaiting" /></h3>
          <ul className="admin-feed__list">
            {product.awaiting.map((draw) => (
              <li key={draw.targetId}>
                <span className="mono">{draw.issue}</span> · <At value={draw.drawAt} />{' '}
                {draw.readings.length === 0 && <span className="muted"><FormattedMessage id="admin.feeds.noReading" /></span>}
                {draw.readings.map((r) => (
                  <span key={r.source}>
                    {' '}
                    <FormattedMessage id="admin.feeds.reading" values={{ source: r.source }} /> <span className="mono">{resultLine(r.result)}</span>{' '}
                    {draw.canConfirm && (
                      <button
                        type="button"
                        className="button button--primary button--small"
                        onClick={() => void act(() => actions.confirm(draw.targetType, draw.targetId, r.source), () => intl.formatMessage({ id: 'admin.feeds.confirmed' }, { issue: draw.issue }))}
                      >
                        <FormattedMessage id="admin.feeds.confirm" values={{ source: r.source }} />
                      </button>
                    )}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <p className="muted"><FormattedMessage id="admin.feeds.confirmHint" /></p>
        </div>
      )}
      {product.conflicts.map((conflict) => (
        <Conflict key={conflict.id} conflict={conflict} act={act} />
      ))}
    </article>
  );
}

/** A conflict: the published result (or the other source's reading) and the contradicting reading side by side; a supervisor resolves it. */
function Conflict({ conflict, act }: { conflict: FeedConflictWire; act: Act }) {
  const intl = useIntl();
  const { session } = useConsole();
  const actions = useFeedActions();
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(() => actions.resolve(conflict.id, note), () => intl.formatMessage({ id: 'admin.feeds.resolved' }, { issue: conflict.issue }));
  };
  return (
    <div className="admin-feed__conflict" data-testid="feed-conflict" role="group" aria-label={intl.formatMessage({ id: `admin.feeds.conflict.${conflict.kind}` }, { issue: conflict.issue })}>
      <h3 className="admin-urgent"><FormattedMessage id={`admin.feeds.conflict.${conflict.kind}`} values={{ issue: conflict.issue }} /></h3>
      <p className="muted"><At value={conflict.raisedAt} /></p>
      <ResultCompare
        left={conflict.published}
        right={conflict.reading}
        leftLabel={intl.formatMessage({ id: conflict.kind === 'after_publication' ? 'admin.feeds.published' : 'admin.feeds.firstReading' })}
        rightLabel={intl.formatMessage({ id: 'admin.feeds.reading' }, { source: conflict.source })}
      />
      {conflict.kind === 'after_publication' && isSupervisor(session) && (
        <form className="admin-filters" onSubmit={submit}>
          <label className="field field--inline">
            <span className="field__label"><FormattedMessage id="admin.feeds.resolveNote" /></span>
            <input className="field__input" value={note} onChange={(e) => setNote(e.target.value)} minLength={3} maxLength={500} required />
          </label>
          <button type="submit" className="button button--primary button--small"><FormattedMessage id="admin.feeds.resolve" /></button>
        </form>
      )}
      {conflict.kind === 'after_publication' && !isSupervisor(session) && <p className="muted"><FormattedMessage id="admin.feeds.resolveSupervisor" /></p>}
      {conflict.kind === 'sources_disagree' && <p className="muted"><FormattedMessage id="admin.feeds.disagreeHint" /></p>}
    </div>
  );
}
