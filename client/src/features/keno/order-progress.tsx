import type { OrderWire } from '@gp/common';
import { FormattedMessage } from 'react-intl';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { orderSteps } from '../../shared/orders/order-steps.ts';

export function OrderProgress({ order }: { order: OrderWire }) {
  const { steps, done } = orderSteps(order);
  return (
    <ol className="order-steps">
      {steps.map((step, i) => {
        const state = i < done ? 'done' : i === done ? 'current' : 'todo';
        const refund = step === 'timeout_refunded' || step === 'purchase_refused' ? ' order-steps__step--refund' : '';
        return (
          <li key={step} className={`order-steps__step order-steps__step--${state}${refund}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="order-steps__dot" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={12} /> : i + 1}
            </span>
            <FormattedMessage id={step === 'settled' ? 'keno.step.settled' : `keno.status.${step}`} />
          </li>
        );
      })}
    </ol>
  );
}
