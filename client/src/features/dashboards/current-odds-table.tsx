import type { MarketCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { DashTable } from './dash-table.tsx';
import type { Trend } from './odds-series.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

export interface CurrentOddsRow {
  key: string;
  odds: string | null;
  previous: string | null;
  trend: Trend;
}

const COLUMNS: readonly Column[] = [
  { label: 'dashboards.odds.col.selection' },
  { label: 'dashboards.odds.col.odds', numeric: true },
  { label: 'dashboards.odds.col.change' },
];

const MARKS: Record<Trend, string> = { up: '▲', down: '▼', same: '—' };

/** The latest price of each selection, marked up or down against the price before its last change. */
export function CurrentOddsTable({ market, rows, playerName }: { market: MarketCode; rows: CurrentOddsRow[]; playerName: (key: string) => string | null }) {
  const intl = useIntl();
  const label = useSelectionLabel();
  return (
    <TableWrap>
      <DashTable testId="current-odds" caption={<FormattedMessage id="dashboards.odds.current" />} columns={COLUMNS}>
        {rows.map((row) => {
          const change =
            row.trend === 'same' || row.previous === null
              ? intl.formatMessage({ id: 'dashboards.odds.same' })
              : intl.formatMessage({ id: row.trend === 'up' ? 'dashboards.odds.up' : 'dashboards.odds.down' }, { previous: row.previous });
          return (
            <tr key={row.key}>
              <th scope="row">{playerName(row.key) ?? label(market, row.key)}</th>
              <td className="numeric dash-odds">{row.odds ?? '—'}</td>
              <td>
                <span className={`dash-trend dash-trend--${row.trend}`}>
                  <span aria-hidden="true">{MARKS[row.trend]}</span> {change}
                </span>
              </td>
            </tr>
          );
        })}
      </DashTable>
    </TableWrap>
  );
}
