import type { DivisionTable as Table, DrawProduct, PointsRateWire } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { ColumnHeads } from '../../shared/ui/column-heads.tsx';
import { divisionName, matchText } from './product-text.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/**
 * A product's prize divisions (or one play's, for 39樂合彩): what wins each, and what it pays
 * per line — a fixed amount with its GP value, or a share of the pool with the operator's usual
 * or guaranteed amount. Caps and the source's confidence are said, not hidden.
 */
export function DivisionTable({ product, table, prizeRate, caption }: { product: DrawProduct; table: Table; prizeRate: PointsRateWire | null | undefined; caption?: string }) {
  const intl = useIntl();
  const currency = product.currency;
  const ownNames = product.region === 'taiwan' || product.region === 'hong-kong' || product.region === 'japan';
  return (
    <TableWrap className="draw-divisions" data-testid="division-table">
      <table className="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <ColumnHeads columns={[{ label: 'draw.rules.division' }, { label: 'draw.rules.match' }, { label: 'draw.rules.prize', numeric: true }]} />
        <tbody>
          {table.divisions.map((division) => (
            <tr key={division.id}>
              <th scope="row">
                {divisionName(intl, division)}
                {/* The operator's own name (頭獎, 1等) where it is not English. */}
                {ownNames && division.localName !== division.name && (
                  <span className="muted" lang={product.region === 'taiwan' || product.region === 'hong-kong' ? 'zh-Hant' : product.region === 'japan' ? 'ja' : undefined}>
                    {' '}
                    {division.localName}
                  </span>
                )}
              </th>
              <td>{matchText(intl, product, division.match)}</td>
              <td className="numeric">
                {division.prize.kind === 'fixed' ? (
                  <LocalWithPoints value={{ amount: division.prize.amount, currency }} rate={prizeRate} />
                ) : (
                  <span>
                    <FormattedMessage id={division.prize.jackpot ? 'draw.rules.jackpotPool' : 'draw.rules.pool'} />
                    {division.prize.estimate !== null && (
                      <span className="muted">
                        {' '}
                        <FormattedMessage id="draw.rules.about" values={{ amount: <LocalWithPoints value={{ amount: division.prize.estimate, currency }} rate={prizeRate} /> }} />
                      </span>
                    )}
                  </span>
                )}
                {division.cap && (
                  <span className="muted draw-divisions__cap">
                    {' '}
                    <FormattedMessage id="draw.rules.cap" values={{ amount: <LocalWithPoints value={{ amount: division.cap.total, currency }} rate={null} /> }} />
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfidenceLabel fact={table} />
    </TableWrap>
  );
}
