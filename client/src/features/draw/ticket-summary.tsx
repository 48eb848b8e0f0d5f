import { tableOf, type DrawCost, type DrawProduct, type DrawTicketProblem, type PointsRateWire } from '@gp/common';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalAmount } from '../../shared/money/local-money.ts';
import { LocalWithPoints, RateNote } from '../../shared/money/money-pair.tsx';
import { Points } from '../../shared/money/points.tsx';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { ShortBalance, type Spend } from '../../shared/orders/spend.tsx';
import { AlertIcon } from '../../shared/ui/icons.tsx';

function Row({ label, children, testId, note }: { label: ReactNode; children: ReactNode; testId: string; note?: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span data-testid={testId}>{children}</span>
        {note}
      </dd>
    </div>
  );
}

const FIELD_IDS: Readonly<Record<string, MessageId>> = {
  number_out_of_range: 'field.number_out_of_range',
  duplicate_number: 'field.duplicate_number',
  too_many_numbers: 'field.too_many_numbers',
  required: 'field.required',
};

/** Why the ticket cannot be bought yet, in the member's words (common's validation decides; this only says it). */
export function TicketProblemText({ problem }: { problem: DrawTicketProblem }) {
  if (problem.code === 'selection_exceeds_pick_count') return <FormattedMessage id="draw.problem.overPicked" />;
  if (problem.code === 'product_not_on_sale') return <FormattedMessage id="draw.offSale.title" />;
  const fields = problem.fields ?? {};
  if (fields.entries === 'too_many_numbers') {
    const max = problem.details?.maxLines;
    return typeof max === 'number' ? <FormattedMessage id="draw.problem.tooManyLines" values={{ max }} /> : <FormattedMessage id="field.too_many_numbers" />;
  }
  const first = Object.entries(fields).find(([field]) => field.startsWith('entries.'));
  if (first) {
    const [, code] = first;
    const id = FIELD_IDS[code];
    if (id) return <FormattedMessage id={id} />;
    return <FormattedMessage id="draw.problem.incomplete" />;
  }
  return <FormattedMessage id="error.validation_failed" />;
}

/**
 * The most a ticket's fixed prizes can pay on one draw (common `quotedMaxPrize`, as the quote says),
 * and that the top divisions are shared pools whose amounts each draw sets: a Mark Six line reads
 * "HK$9,600", not "HK$0".
 */
export function MaxFixedPrize({ product, play, amount, rate, testId }: { product: DrawProduct; play: string | undefined; amount: { amount: number; currency: string } | null; rate: PointsRateWire | null | undefined; testId: string }) {
  const pools = tableOf(product, play).divisions.filter((d) => d.prize.kind === 'pool').length;
  return (
    <div>
      <dt>
        <FormattedMessage id="draw.summary.maxPrize" />
      </dt>
      <dd>
        <span data-testid={testId}>{amount ? <LocalWithPoints value={amount} rate={rate} /> : '—'}</span>
        {pools > 0 && (
          <span className="rate-note" data-testid={`${testId}-pools`}>
            <FormattedMessage id="draw.summary.pools" values={{ count: pools }} />
          </span>
        )}
      </dd>
    </div>
  );
}

interface TicketSummaryProps {
  product: DrawProduct;
  /** The next draw on sale (the first of a multi-draw ticket). */
  issue: string | null;
  cost: DrawCost | null;
  problem: DrawTicketProblem | null;
  /** Nothing picked yet: no problem to report, nothing to price. */
  empty: boolean;
  /** One plain line of this kind, fee included (common's `drawLineCost`); null until the rates are known. */
  lineCost: DrawCost | null;
  /** The ticket's fixed prizes at most (common's `quotedMaxPrize`), or null while it is not complete. */
  maxPrize: { amount: number; currency: string } | null;
  /** 39樂合彩's play, whose table the prizes are read from. */
  play?: string;
  rates: { price: PointsRateWire; prize: PointsRateWire } | null;
  spend: Spend;
  children?: ReactNode;
  action: ReactNode;
}

/**
 * The ticket's figures, live as numbers are tapped (common's expansion and pricing): lines after
 * expansion, the price of one line, per draw and for every draw, in local money and GP with the
 * rate, and what is still wrong with the ticket.
 */
export function TicketSummary({ product, issue, cost, problem, empty, lineCost, maxPrize, play, rates, spend, children, action }: TicketSummaryProps) {
  const intl = useIntl();
  const currency = product.currency;
  const perDraw = cost ? { amount: cost.stake.amount + cost.fee.amount, currency } : null;
  return (
    <section className="card draw-summary" aria-labelledby="draw-summary-title" data-testid="draw-summary">
      <h2 id="draw-summary-title">
        <FormattedMessage id="draw.summary.title" />
      </h2>
      <p className="muted">{issue ? <FormattedMessage id="draw.summary.firstDraw" values={{ issue }} /> : <FormattedMessage id="draw.summary.noDraw" />}</p>
      <dl className="draw-figures">
        <Row
          label={<FormattedMessage id="draw.summary.linePrice" />}
          testId="summary-line-price"
          note={
            lineCost && lineCost.fee.amount > 0 ? (
              <span className="rate-note" data-testid="summary-line-parts">
                <FormattedMessage id="draw.summary.lineParts" values={{ stake: formatLocalAmount(lineCost.stake, intl.locale), fee: formatLocalAmount(lineCost.fee, intl.locale) }} />
              </span>
            ) : undefined
          }
        >
          {lineCost ? <LocalWithPoints value={{ amount: lineCost.stake.amount + lineCost.fee.amount, currency }} rate={null} points={lineCost.points} /> : '—'}
        </Row>
        <Row label={<FormattedMessage id="draw.summary.lines" />} testId="summary-lines">
          {cost ? intl.formatNumber(cost.lines) : '—'}
        </Row>
        <Row label={<FormattedMessage id="draw.summary.perDraw" />} testId="summary-per-draw" note={cost && cost.fee.amount > 0 ? <span className="rate-note"><FormattedMessage id="draw.summary.feeIncluded" values={{ fee: formatLocalAmount(cost.fee, intl.locale) }} /></span> : undefined}>
          {perDraw && cost ? <LocalWithPoints value={perDraw} rate={null} points={cost.points} /> : '—'}
        </Row>
        <Row label={<FormattedMessage id="draw.summary.draws" />} testId="summary-draws">
          {cost ? `× ${cost.draws}` : '—'}
        </Row>
        <Row label={<strong><FormattedMessage id="draw.summary.total" /></strong>} testId="summary-total" note={<RateNote rate={rates?.price} kind="same" />}>
          {cost ? <Points value={cost.totalPoints} /> : '—'}
        </Row>
        <MaxFixedPrize product={product} play={play} amount={cost ? maxPrize : null} rate={rates?.prize} testId="summary-max-prize" />
      </dl>
      {children}
      {cost && <ShortBalance spend={spend} trial={false} />}
      {/* Why checkout waits, right above it. */}
      {!empty && problem && (
        <p className="draw-warning" role="status" data-testid="ticket-problem" data-code={problem.code}>
          <AlertIcon size={14} /> <TicketProblemText problem={problem} />
        </p>
      )}
      {action}
    </section>
  );
}
