import type { PointsRateWire } from '@gp/common';
import { formatPoints } from '@gp/common/money';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatLocalAmount } from './local-money.ts';
import { formatGpValue, pointsAt } from './rates.ts';

type Amount = { amount: number; currency: string };

/**
 * A local amount with its GP value beside it: "NT$1,200 ≈ 36.92 GP". `points` is the server's own
 * figure when it sent one (a quote's `maxPrizePoints`, an order's prize); otherwise it is
 * converted here at `rate`, rounded down as the server does.
 */
export function LocalWithPoints({ value, rate, points, testId }: { value: Amount; rate: PointsRateWire | null | undefined; points?: number | null; testId?: string }) {
  const intl = useIntl();
  const gp = points ?? (rate ? pointsAt(value, rate) : null);
  return (
    <span className="money-pair" data-testid={testId}>
      <span className="money-pair__local">{formatLocalAmount(value, intl.locale)}</span>
      {gp !== null && ' '}
      {gp !== null && (
        <span className="money-pair__points">
          <FormattedMessage id="money.approxPoints" values={{ amount: formatPoints(gp, intl.locale) }} />
        </span>
      )}
    </span>
  );
}

/**
 * The rate a figure was converted at, in words: "1 GP = NT$25, service fee included" (a price)
 * or "1 GP = NT$32.50 at the market rate" (a prize).
 */
export function RateNote({ rate, kind, testId }: { rate: PointsRateWire | null | undefined; kind: 'price' | 'prize' | 'same'; testId?: string }) {
  const intl = useIntl();
  if (!rate) return null;
  return (
    <span className="rate-note" data-testid={testId}>
      <FormattedMessage id={`money.rate.${kind}`} values={{ value: formatGpValue(rate, intl.locale) }} />
    </span>
  );
}

/**
 * The same as text, for inside a sentence: `useLocalWithPointsText(rate)({ amount: 120_000, currency: 'TWD' })`
 * → "NT$1,200 (≈ 36.92 GP)"; without a rate, the local amount alone.
 */
export function useLocalWithPointsText(rate: PointsRateWire | null | undefined) {
  const intl = useIntl();
  return (value: Amount) => {
    const local = formatLocalAmount(value, intl.locale);
    const gp = rate ? pointsAt(value, rate) : null;
    return gp === null ? local : `${local} (${intl.formatMessage({ id: 'money.approxPoints' }, { amount: formatPoints(gp, intl.locale) })})`;
  };
}
