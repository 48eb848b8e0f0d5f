import { ALLUP_LIMITS } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { crossbarGroups, type CrossbarRow } from './crossbar-rows.ts';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';
import { ColumnHeads, type Column } from '../../shared/ui/column-heads.tsx';
import { DocProse, DocSection, DocTable } from './doc-section.tsx';

const COLUMNS: readonly Column[] = [
  { label: 'footballDoc.allUp.col.formula' },
  { label: 'footballDoc.allUp.col.bets', numeric: true },
  { label: 'footballDoc.allUp.col.minWins', numeric: true },
  { label: 'footballDoc.allUp.col.option' },
  { label: 'footballDoc.allUp.col.makeUp' },
];

function OptionCell({ row }: { row: CrossbarRow }) {
  if (!row.option) return <span className="muted">—</span>;
  return (
    <span className="doc-tag doc-tag--option">
      {row.option.kind === 'allMustWin' ? (
        <FormattedMessage id="footballDoc.allUp.allMustWin" />
      ) : (
        <FormattedMessage id="footballDoc.allUp.atLeast" values={{ wins: row.option.wins }} />
      )}
    </span>
  );
}

/**
 * The 56 all-up formulas grouped by matches, generated from common's ALLUP_FORMULAS: each with
 * its k-fold make-up, number of bets, fewest wins that return anything, and the "all must win" /
 * "at least N win" option it is.
 */
export function CrossbarTable() {
  const intl = useIntl();
  const groups = crossbarGroups();
  return (
    <DocSection anchor={DOC_SECTIONS.allUp} title="footballDoc.allUp.title">
      <DocProse id="footballDoc.allUp.lead" />
      <DocProse id="footballDoc.allUp.limits" values={{ min: ALLUP_LIMITS.minLegs, max: ALLUP_LIMITS.maxLegs, restricted: ALLUP_LIMITS.maxLegsRestricted }} />
      <DocProse id="footballDoc.allUp.mapping" />
      <DocTable testId="crossbar-table" className="crossbar-table">
        <caption className="visually-hidden">
          <FormattedMessage id="footballDoc.allUp.caption" values={{ count: groups.reduce((n, g) => n + g.rows.length, 0) }} />
        </caption>
        <ColumnHeads columns={COLUMNS} />
        {groups.map((group) => (
          <tbody key={group.legs}>
            <tr className="crossbar-table__group">
              <th scope="rowgroup" colSpan={5}>
                <FormattedMessage id="footballDoc.allUp.group" values={{ legs: group.legs }} />
              </th>
            </tr>
            {group.rows.map((row) => (
              <tr key={row.code} data-testid="crossbar-row">
                <th scope="row" className="crossbar-table__code">
                  {row.code}
                </th>
                <td className="numeric">{row.bets}</td>
                <td className="numeric">{row.minWins}</td>
                <td>
                  <OptionCell row={row} />
                </td>
                <td className="doc-table__wrap">
                  {row.folds.map((f) => intl.formatMessage({ id: 'footballDoc.allUp.fold' }, { fold: f.fold, count: f.count })).join(' + ')}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </DocTable>
      <DocProse id="footballDoc.allUp.multiple" muted />
    </DocSection>
  );
}
