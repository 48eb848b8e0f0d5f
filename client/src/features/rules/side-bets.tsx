import type { ProductDetail } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import { productNameId } from '../../shared/keno/keno-codes.ts';
import { ConfidenceLabel } from '../../shared/ui/confidence-label.tsx';
import { LocalWithPoints } from '../../shared/money/money-pair.tsx';
import { SectionCard } from '../../shared/ui/section-card.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

const OPTION_ORDER = ['big', 'small', 'odd', 'even', 'smallOdd', 'smallEven', 'draw'] as const;

/** Big/small and odd/even bets with their fixed prizes, including those listed but not sold. */
export function SideBets({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { sideBets, sideBetNoWinner } = product.rules;
  const options = OPTION_ORDER.filter((option) => sideBets[option]);
  const name = intl.formatMessage({ id: productNameId(product.code) });
  return (
    <SectionCard titleId="side-title" title="rules.side.title">
      {options.length === 0 ? (
        <p className="muted" data-testid="side-bets-none">
          <FormattedMessage id="rules.side.none" values={{ product: name }} />
        </p>
      ) : (
        <>
          <TableWrap>
            <table className="table side-table" data-testid="side-bets">
              <caption className="visually-hidden">
                <FormattedMessage id="rules.side.title" />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="rules.side.option" />
                  </th>
                  <th scope="col" className="numeric">
                    <FormattedMessage id="rules.side.prize" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="rules.side.sold" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {options.map((option) => {
                  const bet = sideBets[option]!;
                  return (
                    <tr key={option} className={bet.offered ? undefined : 'side-table__unsold'}>
                      <th scope="row">
                        <FormattedMessage id={`results.outcome.${option}`} />
                      </th>
                      <td className="numeric">
                        <LocalWithPoints value={{ amount: bet.prize, currency: product.currency }} rate={product.rates.prize} />
                      </td>
                      <td className="side-table__status">
                        <FormattedMessage id={bet.offered ? 'rules.side.offered' : 'rules.side.notOffered'} />
                        <ConfidenceLabel fact={bet} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
          <p className="rules-note">
            <FormattedMessage id={`rules.side.noWinner.${sideBetNoWinner.rule}`} />
            <ConfidenceLabel fact={sideBetNoWinner} />
          </p>
        </>
      )}
    </SectionCard>
  );
}
