import { ALLUP_LIMITS } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { crossbarGroups, type CrossbarRow } from './crossbar-rows.ts';
import { DOC_SECTIONS } from '../../shared/football/doc-links.ts';

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
    <section id={DOC_SECTIONS.allUp} className="card section-card" aria-labelledby="allup-title">
      <h2 id="allup-title">
        <FormattedMessage id="footballDoc.allUp.title" />
      </h2>
      <p className="doc-prose">
        <FormattedMessage id="footballDoc.allUp.lead" />
      </p>
      <p className="doc-prose">
        <FormattedMessage
          id="footballDoc.allUp.limits"
          values={{ min: ALLUP_LIMITS.minLegs, max: ALLUP_LIMITS.maxLegs, restricted: ALLUP_LIMITS.maxLegsRestricted }}
        />
      </p>
      <p className="doc-prose">
        <FormattedMessage id="footballDoc.allUp.mapping" />
      </p>
      <div className="table-wrap doc-table-wrap">
        <table className="table doc-table crossbar-table" data-testid="crossbar-table">
          <caption className="visually-hidden">
            <FormattedMessage id="footballDoc.allUp.caption" values={{ count: groups.reduce((n, g) => n + g.rows.length, 0) }} />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="footballDoc.allUp.col.formula" />
              </th>
              <th scope="col" className="numeric">
                <FormattedMessage id="footballDoc.allUp.col.bets" />
              </th>
              <th scope="col" className="numeric">
                <FormattedMessage id="footballDoc.allUp.col.minWins" />
              </th>
              <th scope="col">
                <FormattedMessage id="footballDoc.allUp.col.option" />
              </th>
              <th scope="col">
                <FormattedMessage id="footballDoc.allUp.col.makeUp" />
              </th>
            </tr>
          </thead>
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
                    {row.folds
                      .map((f) => intl.formatMessage({ id: 'footballDoc.allUp.fold' }, { fold: f.fold, count: f.count }))
                      .join(' + ')}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="muted doc-prose">
        <FormattedMessage id="footballDoc.allUp.multiple" />
      </p>
    </section>
  );
}
