import type { DrawWire, KenoCode } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { ball } from '../../shared/keno/order-plays.ts';
import { NumberBalls } from '../../shared/keno/number-balls.tsx';
import { SideOutcomeTag } from './side-outcome.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

function ResultRow({ draw, sideMarkets }: { draw: DrawWire; sideMarkets: boolean }) {
  const intl = useIntl();
  const label = (id: MessageId) => intl.formatMessage({ id });
  const result = draw.result;
  return (
    <tr data-testid="result-row">
      <th scope="row" className="results__issue">{draw.issue}</th>
      <td data-label={label('results.col.time')}>
        <Moment value={draw.drawnAt ?? draw.drawAt} length="short" />
      </td>
      <td data-label={label('results.col.numbers')} className="results__numbers">
        {result ? <NumberBalls numbers={result.numbers} superNumber={result.superNumber} size="tiny" /> : '—'}
      </td>
      <td data-label={label('results.col.super')} className="results__super">
        {result ? <span className="ball ball--super">{ball(result.superNumber)}</span> : '—'}
      </td>
      {sideMarkets && (
        <>
          <td data-label={label('results.col.bigSmall')}>{result ? <SideOutcomeTag outcome={result.bigSmall} /> : '—'}</td>
          <td data-label={label('results.col.oddEven')}>{result ? <SideOutcomeTag outcome={result.oddEven} /> : '—'}</td>
        </>
      )}
    </tr>
  );
}

/** The latest drawn issues, newest first; big/small and odd/even only where the product has them. */
export function ResultsTable({ code, draws, sideMarkets, busy }: { code: KenoCode; draws: readonly DrawWire[]; sideMarkets: boolean; busy: boolean }) {
  const intl = useIntl();
  return (
    <TableWrap className="results-wrap" aria-busy={busy}>
      <table className="table results-table" data-testid="results-table">
        <caption className="visually-hidden">
          <FormattedMessage id="results.table.caption" values={{ product: intl.formatMessage({ id: `product.${code}` }) }} />
        </caption>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="results.col.issue" /></th>
            <th scope="col"><FormattedMessage id="results.col.time" /></th>
            <th scope="col"><FormattedMessage id="results.col.numbers" /></th>
            <th scope="col"><FormattedMessage id="results.col.super" /></th>
            {sideMarkets && (
              <>
                <th scope="col"><FormattedMessage id="results.col.bigSmall" /></th>
                <th scope="col"><FormattedMessage id="results.col.oddEven" /></th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {draws.map((draw) => (
            <ResultRow key={draw.id} draw={draw} sideMarkets={sideMarkets} />
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
