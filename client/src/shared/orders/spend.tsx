import { formatPoints } from '@gp/common/money';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useMe } from '../account/me-query.ts';
import { AlertIcon } from '../ui/icons.tsx';

export interface Spend {
  /** The balance the order is paid from: trial points for a trial order, real points otherwise; null until /api/me answers. */
  balance: number | null;
  /** What is left after the order, when the balance covers it. */
  after: number | null;
  /** How many GP hundredths the balance is short by (0 when it covers the order, or while unknown). */
  shortBy: number;
}

/** The buy flow a purchase screen's summary takes part in: Buy, the confirm step, and what holds them. */
export interface BuyFlowProps {
  /** The balance the order is paid from, and what the quoted total leaves of it. */
  spend: Spend;
  placing: boolean;
  /** Buying waits while the member answers a question about the last order (reset it? keep the picks?). */
  held: boolean;
  /** The confirm step is open. */
  confirming: boolean;
  /** Buy: opens the confirm step, or places the order at once when the member turned the step off. */
  onBuy: () => void;
  /** The confirm step's Confirm: places the order. */
  onConfirm: () => void;
  onCancel: () => void;
}

/** What an order of `total` GP hundredths does to the member's balance, known before the server is asked. */
export function useSpend(total: number | null, trial: boolean): Spend {
  const me = useMe();
  const balance = me.data ? (trial ? me.data.trialBalance : me.data.balance) : null;
  if (balance === null || total === null) return { balance, after: null, shortBy: 0 };
  return { balance, after: balance >= total ? balance - total : null, shortBy: Math.max(0, total - balance) };
}

/** The balance cannot pay for this order: by how much, and where points come from (top up, or leave trial play). */
export function ShortBalance({ spend, trial }: { spend: Spend; trial: boolean }) {
  const intl = useIntl();
  if (spend.shortBy <= 0 || spend.balance === null) return null;
  const gp = (value: number) => intl.formatMessage({ id: 'app.gp' }, { amount: formatPoints(value, intl.locale) });
  return (
    <div className="notice notice--error spend-short" role="alert" data-testid="balance-short">
      <AlertIcon size={18} />
      <p>
        <FormattedMessage id={trial ? 'order.short.trial' : 'order.short.real'} values={{ balance: gp(spend.balance), missing: gp(spend.shortBy) }} />{' '}
        {!trial && (
          <Link to="/deposit" data-testid="top-up-link">
            <FormattedMessage id="order.short.topUp" />
          </Link>
        )}
      </p>
    </div>
  );
}

interface ConfirmSpendProps {
  /** The quoted total in GP hundredths (null while the order has no current price). */
  total: number | null;
  trial: boolean;
  spend: Spend;
  placing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirm step between Buy and spending points: the GP total and the balance after. Confirm
 * is disabled, with a way to top up, when the balance is short (before the server says so).
 */
export function ConfirmSpend({ total, trial, spend, placing, onConfirm, onCancel }: ConfirmSpendProps) {
  const intl = useIntl();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const gp = (value: number) => intl.formatMessage({ id: 'app.gp' }, { amount: formatPoints(value, intl.locale) });
  const ready = total !== null && spend.after !== null && !placing;
  return (
    <div ref={ref} tabIndex={-1} className="confirm-spend" role="group" aria-labelledby="confirm-spend-title" data-testid="confirm-step">
      <p id="confirm-spend-title" className="confirm-spend__title">
        <FormattedMessage id="order.confirm.title" />
      </p>
      <dl className="confirm-spend__figures">
        <div>
          <dt>
            <FormattedMessage id={trial ? 'order.confirm.spendTrial' : 'order.confirm.spend'} />
          </dt>
          <dd data-testid="confirm-total">{total === null ? '—' : gp(total)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id={trial ? 'order.confirm.afterTrial' : 'order.confirm.after'} />
          </dt>
          <dd data-testid="balance-after">{spend.after === null ? '—' : gp(spend.after)}</dd>
        </div>
      </dl>
      <ShortBalance spend={spend} trial={trial} />
      <div className="confirm-spend__actions">
        <button type="button" className="button button--primary button--block" disabled={!ready} onClick={onConfirm} data-testid="confirm-spend">
          <FormattedMessage id={placing ? 'keno.summary.placing' : 'order.confirm.button'} />
        </button>
        <button type="button" className="button button--ghost button--block" onClick={onCancel} disabled={placing} data-testid="confirm-cancel">
          <FormattedMessage id="order.confirm.cancel" />
        </button>
      </div>
      <p className="confirm-spend__hint muted">
        <FormattedMessage
          id="order.confirm.settingHint"
          values={{
            link: (
              <Link to="/wallet#settings">
                <FormattedMessage id="order.confirm.settingLink" />
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}
