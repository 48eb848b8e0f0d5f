import type { LineOutcome } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { printLine } from '../../shared/football/print-line.ts';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { DocTable } from './doc-section.tsx';
import { HDC_MARGINS, handicapRows, totalRows } from './line-tables.ts';

/** What a table shows, above its scroll box rather than as a caption, so it wraps to the screen, not to the table. */
function TableNote({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="doc-table-note">
      {children}
    </p>
  );
}

function Outcome({ outcome }: { outcome: LineOutcome }) {
  return (
    <span className={`doc-outcome doc-outcome--${outcome}`}>
      <FormattedMessage id={`footballDoc.outcome.${outcome}`} />
    </span>
  );
}

/** HDC: a home bet on each split line of the reference, by goal margin, settled by common's rules. */
export function HandicapTable() {
  const margin = (m: number, i: number) => (i === 0 ? `\u2265 ${m}` : i === HDC_MARGINS.length - 1 ? `\u2264 ${printLine(String(m))}` : printLine(String(m)));
  return (
    <>
      <TableNote id="hdc-table-note">
        <FormattedMessage id="footballDoc.hdc.caption" />
      </TableNote>
      <DocTable testId="hdc-table" describedBy="hdc-table-note">
        <ColumnHeads
          columns={[{ label: 'footballDoc.hdc.line' }, ...HDC_MARGINS.map((m, i) => ({ label: { key: String(m), text: margin(m, i) }, numeric: true }))]}
        />
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
      </DocTable>
    </>
  );
}

/** HIL on the split line 2.5/3.0, over and under, for 0 to 5 goals. */
export function HiLoTable({ line = '2.5/3.0' }: { line?: string }) {
  return (
    <>
      <TableNote id="hil-table-note">
        <FormattedMessage id="footballDoc.hil.caption" values={{ line }} />
      </TableNote>
      <DocTable testId="hil-table" describedBy="hil-table-note">
        <ColumnHeads columns={[{ label: 'footballDoc.hil.total' }, { label: 'footballDoc.sel.over' }, { label: 'footballDoc.sel.under' }]} />
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
      </DocTable>
    </>
  );
}
