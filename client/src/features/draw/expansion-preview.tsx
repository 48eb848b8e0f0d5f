import { bestCaseWins, expandTicket, tableOf, type DrawProduct, type DrawTicketRequest, type PointsRateWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { pad } from './zone-board.tsx';
import { divisionName } from './product-text.ts';

/** Lines listed under the preview before "and N more" (a 12-number multiple is 924 lines). */
const LINES_LISTED = 50;

/**
 * The expansion shown before paying (common's `expandTicket` and `bestCaseWins`): how many lines
 * the ticket stands for, the lines themselves, and what each division would pay if every picked
 * number hit — a fixed amount per line and in total, or "pool" for divisions paid from the pool.
 */
export function ExpansionPreview({ product, request, partialUnit, prizeRate }: { product: DrawProduct; request: DrawTicketRequest; partialUnit: boolean; prizeRate: PointsRateWire | null | undefined }) {
  const intl = useIntl();
  const lines = expandTicket(product, request);
  const wins = bestCaseWins(product, request);
  const table = tableOf(product, request.play);
  const currency = product.currency;
  const combination = request.system === true || request.entries.some((entry) => entry.bankers?.some((z) => z.length > 0));
  return (
    <div className="draw-expansion" data-testid="expansion">
      <h3 className="draw-expansion__title">
        <FormattedMessage id={combination ? 'draw.expansion.titleCombination' : 'draw.expansion.title'} values={{ count: lines.length }} />
      </h3>
      {wins.length > 0 && (
        <table data-testid="expansion-wins">
          <caption className="muted">
            <FormattedMessage id="draw.expansion.ifAllHit" />
            {partialUnit && (
              <>
                {' '}
                <FormattedMessage id="draw.expansion.partial" />
              </>
            )}
          </caption>
          <ColumnHeads columns={[{ label: 'draw.rules.division' }, { label: 'draw.expansion.lines', numeric: true }, { label: 'draw.expansion.pays', numeric: true }]} />
          <tbody>
            {wins.map((win) => {
              const division = table.divisions.find((d) => d.id === win.division);
              return (
                <tr key={win.division} data-testid={`expansion-division-${win.division}`}>
                  <th scope="row">{division ? divisionName(intl, division) : win.division}</th>
                  <td className="numeric" data-testid="expansion-lines">
                    {win.lines}
                  </td>
                  <td className="numeric">
                    {win.amount !== null ? (
                      <LocalWithPoints value={{ amount: win.amount, currency }} rate={prizeRate} />
                    ) : (
                      <span>
                        <FormattedMessage id="draw.rules.pool" />
                        {win.estimate !== null && (
                          <span className="muted">
                            {' '}
                            <FormattedMessage id="draw.rules.about" values={{ amount: <LocalWithPoints value={{ amount: win.estimate * win.lines, currency }} rate={null} /> }} />
                          </span>
                        )}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {lines.length > 1 && (
        <details>
          <summary>
            <FormattedMessage id="draw.expansion.showLines" values={{ count: lines.length }} />
          </summary>
          <ol className="draw-expansion__lines mono" data-testid="expansion-list">
            {lines.slice(0, LINES_LISTED).map((line, i) => (
              <li key={i}>{line.map((zone) => zone.map(pad).join(' ')).join(' | ')}</li>
            ))}
            {lines.length > LINES_LISTED && (
              <li className="muted">
                <FormattedMessage id="draw.expansion.more" values={{ count: lines.length - LINES_LISTED }} />
              </li>
            )}
          </ol>
        </details>
      )}
    </div>
  );
}
