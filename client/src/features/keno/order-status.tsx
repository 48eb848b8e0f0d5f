import type { OrderWire, SettledLine } from '@gp/common';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertIcon } from '../../shared/ui/icons.tsx';
import { Points } from '../../shared/money/points.tsx';
import { SummaryRow } from '../../shared/orders/summary-row.tsx';
import { OrderStatusLabel, PrizeLine, SpentRow, useLiveOrder } from '../../shared/orders/order-status-parts.tsx';
import { ResultBalls, SideOutcome } from './last-result.tsx';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { pad } from './number-board.tsx';
import { OrderProgress } from './order-progress.tsx';

/** The numbers of the order's pick plays, to ring them in the official result. */
function pickedNumbers(order: OrderWire): number[] {
  return order.selections.flatMap((play) => {
    const p = play as { type?: string; numbers?: unknown };
    return p.type === 'pick' && Array.isArray(p.numbers) ? p.numbers.filter((n): n is number => typeof n === 'number') : [];
  });
}

function LineText({ line }: { line: SettledLine }) {
  const side = (value: string | null | undefined) =>
    value ? <FormattedMessage id={`keno.side.${value}` as 'keno.side.big'} /> : <FormattedMessage id="keno.side.none" />;
  switch (line.type) {
    case 'pick':
      return (
        <FormattedMessage
          id="keno.line.pick"
          values={{ stars: line.stars ?? 0, matches: line.matches ?? 0, numbers: (line.matched ?? []).map(pad).join(' · ') || '—' }}
        />
      );
    case 'bigSmall':
    case 'oddEven':
      return (
        <FormattedMessage
          id={line.type === 'bigSmall' ? 'keno.line.bigSmall' : 'keno.line.oddEven'}
          values={{ pick: side(line.pick), result: side(line.result) }}
        />
      );
    case 'superNumber':
      return <FormattedMessage id="keno.line.super" values={{ number: pad(line.number ?? 0), drawn: pad(line.superNumber ?? 0) }} />;
  }
}

function Settlement({ order }: { order: OrderWire }) {
  const intl = useIntl();
  const outcome = order.drawResult;
  const result = order.officialResult;
  const currency = outcome?.prize.currency ?? order.stake.currency;
  const local = (amount: number) => formatLocalAmount({ amount, currency }, intl.locale);
  const played = new Set(order.selections.map((play) => (play as { type?: string }).type));
  if (!result) {
    if (order.status !== 2 && order.status !== 8) return null;
    return (
      <p className="muted" data-testid="order-awaiting-draw">
        <FormattedMessage id="keno.order.awaitingDraw" values={{ issue: order.issue }} />
      </p>
    );
  }
  return (
    <div className="order-settlement" data-testid="order-settlement">
      <h3 className="side-market__title">
        <FormattedMessage id="keno.order.official" values={{ issue: order.issue }} />
      </h3>
      <ResultBalls numbers={result.numbers} superNumber={result.superNumber} mine={pickedNumbers(order)} />
      {(played.has('bigSmall') || played.has('oddEven') || played.has('superNumber')) && (
        <p className="result-tags">
          {played.has('superNumber') && (
            <span className="result-tag">
              <FormattedMessage id="keno.last.super" /> <strong>{pad(result.superNumber)}</strong>
            </span>
          )}
          {played.has('bigSmall') && <SideOutcome label="keno.last.bigSmall" value={result.bigSmall} />}
          {played.has('oddEven') && <SideOutcome label="keno.last.oddEven" value={result.oddEven} />}
        </p>
      )}
      {outcome && (
        <ul className="order-lines" data-testid="order-lines">
          {outcome.lines.map((line, i) => (
            <li key={i} className={`order-line order-line--${line.outcome}`} data-testid="order-line">
              <span>
                <LineText line={line} />
              </span>
              <strong>
                {line.outcome === 'win' ? (
                  <FormattedMessage id="keno.line.win" values={{ amount: local(line.prize) }} />
                ) : line.outcome === 'refund' ? (
                  <FormattedMessage id="keno.line.refund" values={{ amount: local(line.prize) }} />
                ) : (
                  <FormattedMessage id="keno.line.lose" />
                )}
              </strong>
              {line.adjustments.length > 0 && (
                <span className="muted order-line__note">
                  <FormattedMessage id="keno.line.capped" />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <PrizeLine
        prize={order.prize}
        won={<FormattedMessage id="keno.order.prizeWon" values={{ points: <Points value={order.prize ?? 0} />, amount: local(outcome?.prize.amount ?? 0) }} />}
      />
    </div>
  );
}

/**
 * The followed order, live: re-read whenever an `order` event names it, and when its issue's
 * result is published (`resultIssue` from the clock); settlement adds the official result, what
 * matched and the prize.
 */
export function OrderStatus({ id, resultIssue }: { id: string; resultIssue: string | null }) {
  const { order, refetch } = useLiveOrder(id);
  const issue = order.data?.issue;
  useEffect(() => {
    if (issue && resultIssue === issue) refetch();
  }, [issue, resultIssue, refetch]);

  if (!order.data) {
    return order.isError ? (
      <div className="notice notice--error" role="alert">
        <AlertIcon size={18} />
        <p>
          <FormattedMessage id="keno.order.loadError" />
        </p>
      </div>
    ) : null;
  }
  const data = order.data;
  return (
    <section className="card order-status" aria-labelledby="keno-order-title" data-testid="order-status" data-status={data.status}>
      <h2 id="keno-order-title" className="keno-section__title">
        <FormattedMessage id="keno.order.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="keno.order.ref" values={{ id: data.id, issue: data.issue }} />
      </p>
      <OrderStatusLabel order={data} />
      <OrderProgress order={data} />
      <dl className="summary__figures">
        <SpentRow points={data.pointsSpent} />
        {data.ticketRef && (
          <SummaryRow label="keno.order.ticketRef" valueClassName="order-status__ref">
            {data.ticketRef}
          </SummaryRow>
        )}
      </dl>
      <div aria-live="polite">
        <Settlement order={data} />
      </div>
    </section>
  );
}
