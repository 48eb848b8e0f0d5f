import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { FootballResultItem } from './football-queries.ts';

const score = (s: { home: number; away: number } | null | undefined) => (s ? `${s.home}:${s.away}` : '—');

/** Finished and voided events, newest first: the match (with its kick-off), half-time and full-time scores, corners and status. */
export function ResultsTable({ items, busy }: { items: FootballResultItem[]; busy: boolean }) {
  const intl = useIntl();
  const col = (id: Parameters<typeof intl.formatMessage>[0]['id']) => intl.formatMessage({ id });
  return (
    <div className="table-wrap" aria-busy={busy}>
      <table className="table dash-table" data-testid="football-results">
        <caption className="visually-hidden">
          <FormattedMessage id="dashboards.results.title" />
        </caption>
        <thead>
          <tr>
            <th scope="col">{col('dashboards.results.col.match')}</th>
            <th scope="col" className="numeric">{col('dashboards.results.col.ht')}</th>
            <th scope="col" className="numeric">{col('dashboards.results.col.ft')}</th>
            <th scope="col" className="numeric">{col('dashboards.results.col.corners')}</th>
            <th scope="col">{col('dashboards.results.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const played = item.result?.status === 'played';
            return (
              <tr key={item.id} data-testid="football-result-row">
                <th scope="row" className="dash-match">
                  <span className="dash-match__teams">{`${item.home} – ${item.away}`}</span>
                  <span className="dash-match__meta">
                    {`${item.code} · ${item.tournament} · `}
                    <span className="visually-hidden">{col('dashboards.results.col.date')} </span>
                    <FormattedDate value={item.kickOffAt} dateStyle="short" timeStyle="short" />
                  </span>
                </th>
                <td className="numeric">{played ? score(item.result?.halfTime) : '—'}</td>
                <td className="numeric dash-score">{played ? score(item.result?.fullTime) : '—'}</td>
                <td className="numeric">{played && item.result?.corners != null ? item.result.corners : '—'}</td>
                <td>
                  <span className={`dash-status dash-status--${item.status}`}>
                    <FormattedMessage id={`dashboards.status.${item.status}`} />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
