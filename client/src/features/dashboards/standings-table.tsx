import type { Standings } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { useLocalName } from '../../shared/football/use-local-name.ts';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { DashTable } from './dash-table.tsx';
import { formatGoalDifference } from './standings-summary.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

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
  const name = useLocalName();
  const abbreviated = (key: string, short: ReactNode, long: MessageId): Column => ({
    label: { key, text: <abbr title={intl.formatMessage({ id: long })}>{short}</abbr> },
    numeric: true,
  });
  const columns: Column[] = [
    abbreviated('position', '#', 'dashboards.standings.col.positionLong'),
    { label: 'dashboards.standings.col.team' },
    ...COLUMNS.map(([short, long]) => abbreviated(short, <FormattedMessage id={short} />, long)),
    { label: 'dashboards.standings.col.form' },
  ];
  return (
    <TableWrap>
      <DashTable testId="standings-table" className="standings-table" caption={name(table.tournament, table.names)} captionVisible columns={columns}>
        {table.rows.map((row, i) => (
          <tr key={row.team}>
            <td className="numeric">{i + 1}</td>
            <th scope="row">{name(row.team, row.names)}</th>
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
      </DashTable>
    </TableWrap>
  );
}
