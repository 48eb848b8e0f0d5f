import type { Standings } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { formatGoalDifference } from './standings-summary.ts';

/** Each column's abbreviation and, for the tooltip and screen readers, its full name. */
const COLUMNS: [MessageId, MessageId][] = [
  ['dashboards.standings.col.played', 'dashboards.standings.col.playedLong'],
  ['dashboards.standings.col.won', 'dashboards.standings.col.wonLong'],
  ['dashboards.standings.col.drawn', 'dashboards.standings.col.drawnLong'],
  ['dashboards.standings.col.lost', 'dashboards.standings.col.lostLong'],
  ['dashboards.standings.col.goalsFor', 'dashboards.standings.col.goalsForLong'],
  ['dashboards.standings.col.goalsAgainst', 'dashboards.standings.col.goalsAgainstLong'],
  ['dashboards.standings.col.goalDifference', 'dashboards.standings.col.goalDifferenceLong'],
  ['dashboards.standings.col.points', 'dashboards.standings.col.pointsLong'],
];

/** One tournament's table in the server's order: P W D L GF GA GD Pts and the last five results. */
export function StandingsTable({ table }: { table: Standings[number] }) {
  const intl = useIntl();
  return (
    <div className="table-wrap">
      <table className="table dash-table standings-table" data-testid="standings-table">
        <caption className="dash-caption">{table.tournament}</caption>
        <thead>
          <tr>
            <th scope="col" className="numeric">
              <abbr title={intl.formatMessage({ id: 'dashboards.standings.col.positionLong' })}>#</abbr>
            </th>
            <th scope="col">
              <FormattedMessage id="dashboards.standings.col.team" />
            </th>
            {COLUMNS.map(([short, long]) => (
              <th key={short} scope="col" className="numeric">
                <abbr title={intl.formatMessage({ id: long })}>
                  <FormattedMessage id={short} />
                </abbr>
              </th>
            ))}
            <th scope="col">
              <FormattedMessage id="dashboards.standings.col.form" />
            </th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={row.team}>
              <td className="numeric">{i + 1}</td>
              <th scope="row">{row.team}</th>
              <td className="numeric">{row.played}</td>
              <td className="numeric">{row.won}</td>
              <td className="numeric">{row.drawn}</td>
              <td className="numeric">{row.lost}</td>
              <td className="numeric">{row.goalsFor}</td>
              <td className="numeric">{row.goalsAgainst}</td>
              <td className="numeric">{formatGoalDifference(row.goalsFor, row.goalsAgainst)}</td>
              <td className="numeric dash-points">{row.points}</td>
              <td>
                <span className="form-chips" data-testid="form-chips">
                  {row.form.map((f, j) => {
                    const full = intl.formatMessage({ id: `dashboards.form.${f}` });
                    return (
                      <span key={j} className={`form-chip form-chip--${f}`} title={full}>
                        <span aria-hidden="true">
                          <FormattedMessage id={`dashboards.form.short.${f}`} />
                        </span>
                        <span className="visually-hidden">{full}</span>
                      </span>
                    );
                  })}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
