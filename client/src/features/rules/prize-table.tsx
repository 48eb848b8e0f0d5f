import type { ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { formatPoints } from '@gp/common/money';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { pointsAt } from '../../shared/money/rates.ts';
import { RateNote } from '../../shared/money/money-pair.tsx';
import { prizeGrid } from './prize-grid.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/** Stars played × numbers matched, each cell the fixed prize per unit in the lottery's currency. */
export function PrizeTable({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { prizeTable, unitStake } = product.rules;
  const grid = prizeGrid(prizeTable.rows);
  const money = (amount: number) => formatLocalMoney(amount, product.currency, intl.locale);
  // Eleven columns of amounts: the caption names the currency once, the cells carry numbers only.
  const amount = (value: number) => formatLocalMoney(value, product.currency, intl.locale, { symbol: false });
  const points = (value: number) => pointsAt({ amount: value, currency: product.currency }, product.rates.prize);
  const matchedLabel = (matches: number) => intl.formatMessage({ id: 'rules.prize.matched' }, { matches });
  return (
    <SectionCard titleId="prize-title" title="rules.prize.title" mark={<ConfidenceLabel fact={prizeTable} />}>
      <TableWrap className="prize-wrap">
        <table className="table prize-table" data-testid="prize-table">
          <caption>
            <FormattedMessage id="rules.prize.caption" values={{ stake: money(unitStake.amount), currency: product.currency }} />{' '}
            <FormattedMessage id="rules.prize.pointsCaption" /> <RateNote rate={product.rates.prize} kind="prize" />
          </caption>
          <thead>
            <tr className="prize-table__group">
              <td />
              <th scope="colgroup" colSpan={grid.matches.length}>
                <FormattedMessage id="rules.prize.matchedHeader" />
              </th>
            </tr>
            <tr>
              <th scope="col">
                <FormattedMessage id="rules.prize.stars" />
              </th>
              {grid.matches.map((m) => (
                <th key={m} scope="col" className="numeric">
                  <span aria-hidden="true">{m}</span>
                  <span className="visually-hidden">{matchedLabel(m)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => (
              <tr key={row.stars}>
                <th scope="row">
                  <FormattedMessage id="orders.play.pick" values={{ stars: row.stars }} />
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={grid.matches[index]}
                    className={`numeric${cell === null ? ' prize-cell--none' : ''}`}
                    data-label={matchedLabel(grid.matches[index]!)}
                  >
                    {cell === null ? (
                      <>
                        <span aria-hidden="true">·</span>
                        <span className="visually-hidden">
                          <FormattedMessage id="rules.prize.none" />
                        </span>
                      </>
                    ) : (
                      <>
                        {amount(cell)}
                        <span className="prize-cell__points">
                          <FormattedMessage id="app.gp" values={{ amount: formatPoints(points(cell) ?? 0, intl.locale) }} />
                        </span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </SectionCard>
  );
}
