import type { PendingResult, ResultEntryResponse } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDescribeError } from './describe.ts';
import { markDifferences } from './result-diff.ts';
import { ResultEntryForm } from './results-entry.tsx';
import { useConsole } from './staff-session.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';
import { Moment } from '../../shared/time/moment.tsx';

const KEY = ['admin', 'results'];

/**
 * Four-eyes results: what waits for a manual result (keno with RESULT_SOURCE=manual, finished
 * matches, draw lotteries), and for each where your entry stands. A result is published only when
 * a second staff member's independent entry matches; a mismatch shows both entries to both.
 */
export function ResultsPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A fresh, empty form (focus on its first field) for each entry: nobody retypes over their last one.
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; text: string; entries?: ResultEntryResponse['entries']; mine?: string } | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => http.get<{ items: PendingResult[] }>('/api/admin/results') });
  const keyOf = (item: PendingResult) => `${item.targetType}:${item.targetId}`;
  const current = list.data?.items.find((item) => keyOf(item) === selected) ?? null;

  async function enter(item: PendingResult, result: Record<string, unknown>) {
    setBusy(true);
    try {
      const res = await http.post<ResultEntryResponse>('/api/admin/results', { targetType: item.targetType, targetId: item.targetId, result });
      const text = intl.formatMessage({ id: `admin.results.state.${res.state}` });
      setOutcome({ tone: res.state === 'mismatch' ? 'error' : res.state === 'published' ? 'success' : 'info', text, ...(res.state === 'mismatch' ? { entries: res.entries } : {}) });
      if (res.state === 'published') setSelected(null);
      setRound((n) => n + 1);
    } catch (error) {
      setOutcome({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(false);
    }
    await queryClient.invalidateQueries({ queryKey: KEY });
  }

  // A draw's badge is its product's own name (Canada Keno, not every keno draw read as BINGO);
  // a match, whose code is its tournament's, keeps the kind.
  const badge = (item: PendingResult) => {
    const product = `product.${item.productCode}`;
    return item.targetType !== 'football_event' && product in intl.messages ? intl.formatMessage({ id: product as 'product.TWB01' }) : intl.formatMessage({ id: `admin.results.kind.${item.targetType}` });
  };

  return (
    <section aria-labelledby="admin-results-title" className="admin-results">
      <h1 id="admin-results-title"><FormattedMessage id="admin.results.title" /></h1>
      <p className="muted"><FormattedMessage id="admin.results.intro" /></p>
      {outcome && (
        <div className={`notice notice--${outcome.tone === 'info' ? 'info' : outcome.tone}`} role="status" data-testid="result-outcome">
          <p>{outcome.text}</p>
          {outcome.entries && <EntriesList entries={outcome.entries.map((e) => ({ ...e, mine: e.staffId === session.user.id }))} />}
        </div>
      )}
      <div className="admin-filters">
        <button type="button" className="button button--ghost button--small" onClick={() => void list.refetch()}><FormattedMessage id="admin.results.refresh" /></button>
      </div>
      {list.data && list.data.items.length === 0 && <p data-testid="results-empty"><FormattedMessage id="admin.results.empty" /></p>}
      {list.data && list.data.items.length > 0 && (
        <TableWrap>
          <table className="table admin-table admin-table--cards admin-table--results" data-testid="results-table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="admin.results.colWhat" /></th>
                <th scope="col"><FormattedMessage id="admin.results.colWhen" /></th>
                <th scope="col"><FormattedMessage id="admin.results.colState" /></th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={keyOf(item)} data-testid="result-row" data-target={keyOf(item)} aria-selected={keyOf(item) === selected}>
                  <td>
                    <span className="admin-badge" data-testid="result-badge">{badge(item)}</span> <strong className="mono">{item.productCode}</strong> {item.label}
                  </td>
                  <td><Moment value={item.at} length="short" /></td>
                  <td className={item.state === 'mismatch' ? 'admin-urgent' : undefined}>
                    {intl.formatMessage({ id: `admin.results.row.${item.state}` }, { n: item.entries })}
                  </td>
                  <td>
                    <button type="button" className="button button--primary button--small" onClick={() => { setSelected(keyOf(item)); setOutcome(null); setRound((n) => n + 1); }} aria-label={intl.formatMessage({ id: 'admin.results.enterFor' }, { what: `${item.productCode} ${item.label}` })}>
                      <FormattedMessage id={item.state === 'none' ? 'admin.results.enter' : 'admin.results.reenter'} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {current && (
        <div className="admin-panel" data-testid="result-panel">
          <h2>{badge(current)} · {current.productCode} {current.label}</h2>
          {current.shown.length > 0 && <EntriesList entries={current.shown} />}
          <ResultEntryForm key={`${keyOf(current)}:${round}`} item={current} busy={busy} onSubmit={(result) => void enter(current, result)} />
          <button type="button" className="button button--ghost button--small" onClick={() => setSelected(null)}><FormattedMessage id="admin.results.close" /></button>
        </div>
      )}
    </section>
  );
}

/**
 * The entries of a result, once you have entered yours: yours and your colleague's (by name), side
 * by side, with the numbers that differ between them marked — underlined and starred, not by
 * colour alone — and said so for a screen reader.
 */
function EntriesList({ entries }: { entries: Array<{ staffId: string; staffName: string; mine: boolean; result: unknown; at: string }> }) {
  const intl = useIntl();
  const marked = markDifferences(entries.map((entry) => entry.result));
  const differs = marked.some((tokens) => tokens.some((token) => token.differs));
  return (
    <>
      <ul className="admin-results__entries" data-testid="result-entries">
        {entries.map((entry, i) => (
          <li key={entry.staffId} data-testid="result-entry">
            <span className="muted">{entry.mine ? <FormattedMessage id="admin.results.yours" /> : entry.staffName || intl.formatMessage({ id: 'admin.results.colleague' })}</span>{' '}
            <span className="mono">
              {marked[i]!.map((token, t) =>
                token.differs ? (
                  <mark key={t} className="result-diff" data-testid="result-diff">
                    {token.text}
                    <span aria-hidden="true">*</span>
                    <span className="visually-hidden"> ({intl.formatMessage({ id: 'admin.results.differs' })})</span>
                  </mark>
                ) : (
                  <span key={t}>{token.text}</span>
                ),
              )}
            </span>
          </li>
        ))}
      </ul>
      {differs && <p className="muted" data-testid="result-diff-legend"><FormattedMessage id="admin.results.diffLegend" /></p>}
    </>
  );
}
