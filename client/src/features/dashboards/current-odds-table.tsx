import type { MarketCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelectionLabel } from '../../shared/football/use-selection-label.ts';
import type { Trend } from './odds-series.ts';

export interface CurrentOddsRow {
  key: string;
  odds: string | null;
  previous: string | null;
  trend: Trend;
}

const MARKS: Record<Trend, string> = { up: '▲', down: '▼', same: '—' };

/** The latest price of each selection, marked up or down against the price before its last change. */
export function CurrentOddsTable({ market, rows, playerName }: { market: MarketCode; rows: CurrentOddsRow[]; playerName: (key: string) => string | null }) {
  const intl = useIntl();
  const label = useSelectionLabel();
  return (
    <div className="table-wrap">
      <table className="table dash-table" data-testid="current-odds">
        <caption className="visually-hidden">
          <FormattedMessage id="dashboards.odds.current" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="dashboards.odds.col.selection" />
            </th>
            <th scope="col" className="numeric">
              <FormattedMessage id="dashboards.odds.col.odds" />
            </th>
            <th scope="col">
              <FormattedMessage id="dashboards.odds.col.change" />
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
