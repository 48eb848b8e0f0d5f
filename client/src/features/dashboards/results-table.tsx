import { FormattedMessage, useIntl } from 'react-intl';
import { useLocalName, useMatchName } from '../../shared/football/use-local-name.ts';
import { DashTable } from './dash-table.tsx';
import type { FootballResultItem } from './football-queries.ts';
import { Moment } from '../../shared/time/moment.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

const score = (s: { home: number; away: number } | null | undefined) => (s ? `${s.home}:${s.away}` : '—');

/** Finished and voided events, newest first: the match (with its kick-off), half-time and full-time scores, corners and status. */
export function ResultsTable({ items, busy }: { items: FootballResultItem[]; busy: boolean }) {
  const intl = useIntl();
  const name = useLocalName();
  const match = useMatchName();
  const col = (id: Parameters<typeof intl.formatMessage>[0]['id']) => intl.formatMessage({ id });
  return (
    <TableWrap aria-busy={busy}>
      <DashTable
        testId="football-results"
        caption={<FormattedMessage id="dashboards.results.title" />}
        columns={[
          { label: 'dashboards.results.col.match' },
          { label: 'dashboards.results.col.ht', numeric: true },
          { label: 'dashboards.results.col.ft', numeric: true },
          { label: 'dashboards.results.col.corners', numeric: true },
          { label: 'dashboards.results.col.status' },
        ]}
      >
        {items.map((item) => {
          const played = item.result?.status === 'played';
          return (
            <tr key={item.id} data-testid="football-result-row">
              <th scope="row" className="dash-match">
                <span className="dash-match__teams">{match(item)}</span>
                <span className="dash-match__meta">
                  {`${item.code} · ${name(item.tournament, item.names?.tournament)} · `}
                  <span className="visually-hidden">{col('dashboards.results.col.date')} </span>
                  <Moment value={item.kickOffAt} length="short" />
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
      </DashTable>
    </TableWrap>
  );
}
