import type { LineOutcome } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { printLine } from '../../shared/football/print-line.ts';
import { HDC_MARGINS, handicapRows, totalRows } from './line-tables.ts';

function Outcome({ outcome }: { outcome: LineOutcome }) {
  return (
    <span className={`doc-outcome doc-outcome--${outcome}`}>
      <FormattedMessage id={`footballDoc.outcome.${outcome}`} />
    </span>
  );
}

/** HDC: a home bet on each split line of the reference, by goal margin, settled by common's rules. */
export function HandicapTable() {
  const margin = (m: number, i: number) =>
    i === 0 ? `\u2265 ${m}` : i === HDC_MARGINS.length - 1 ? `\u2264 ${printLine(String(m))}` : printLine(String(m));
  return (
    <>
      {/* Above the scroll box rather than a caption, so it wraps to the screen, not to the table. */}
      <p id="hdc-table-note" className="doc-table-note">
        <FormattedMessage id="footballDoc.hdc.caption" />
      </p>
      <div className="table-wrap doc-table-wrap">
        <table className="table doc-table" data-testid="hdc-table" aria-describedby="hdc-table-note">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="footballDoc.hdc.line" />
              </th>
              {HDC_MARGINS.map((m, i) => (
                <th key={m} scope="col" className="numeric">
                  {margin(m, i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {handicapRows().map((row) => (
              <tr key={row.line}>
                <th scope="row" className="doc-table__line">
                  {printLine(row.line)}
                </th>
                {row.outcomes.map((o, i) => (
                  <td key={HDC_MARGINS[i]}>
                    <Outcome outcome={o} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** HIL on the split line 2.5/3.0, over and under, for 0 to 5 goals. */
export function HiLoTable({ line = '2.5/3.0' }: { line?: string }) {
  const intl = useIntl();
  return (
    <>
      <p id="hil-table-note" className="doc-table-note">
        <FormattedMessage id="footballDoc.hil.caption" values={{ line }} />
      </p>
      <div className="table-wrap doc-table-wrap">
        <table className="table doc-table" data-testid="hil-table" aria-describedby="hil-table-note">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="footballDoc.hil.total" />
              </th>
              <th scope="col">{intl.formatMessage({ id: 'footballDoc.sel.over' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'footballDoc.sel.under' })}</th>
            </tr>
          </thead>
          <tbody>
            {totalRows(line).map((row) => (
              <tr key={row.total}>
                <th scope="row" className="numeric">
                  {row.total}
                </th>
                <td>
                  <Outcome outcome={row.over} />
                </td>
                <td>
                  <Outcome outcome={row.under} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
