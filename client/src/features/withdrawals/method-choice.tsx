import type { RefundableDeposit, WithdrawalTerms } from '@gp/common';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';

/** The member's choice: prizes to their bank account, or one Stripe deposit's unplayed points back to that payment. */
export type WithdrawChoice = { method: 'bank_transfer' } | { method: 'stripe_refund'; deposit: RefundableDeposit };

const PAYMENT_METHOD: Readonly<Record<string, MessageId>> = { card: 'deposit.method.card', wechat_pay: 'deposit.method.wechat', alipay: 'deposit.method.alipay' };
export const paymentMethodName = (method: string): MessageId => PAYMENT_METHOD[method] ?? 'deposit.method.card';

/** The most of a choice the member may take now: its own points, within the maximum and what is left of the day. */
export function ceilingOf(terms: WithdrawalTerms, choice: WithdrawChoice) {
  const own = choice.method === 'bank_transfer' ? terms.withdrawable : choice.deposit.points;
  return Math.max(0, Math.min(own, terms.maximum, terms.dailyLeft));
}

/** The choice a member lands on: the bank when they have winnings, else their newest refundable deposit. */
export function initialChoice(terms: WithdrawalTerms): WithdrawChoice {
  const newest = terms.refundable[0];
  return terms.withdrawable <= 0 && newest ? { method: 'stripe_refund', deposit: newest } : { method: 'bank_transfer' };
}

export const choiceKey = (choice: WithdrawChoice) => (choice.method === 'bank_transfer' ? 'bank_transfer' : `stripe_refund:${choice.deposit.depositId}`);

/**
 * The two rails as one radio group (arrow keys move between them, as any radio group): each option
 * says where the money goes, how much may go, the fee and the currency that arrives. A refund is
 * offered per Stripe deposit with unplayed points, back to that payment only; without one, the
 * option is not offered and the member is told why.
 */
export function MethodChoice({ terms, value, onChange }: { terms: WithdrawalTerms; value: WithdrawChoice; onChange: (choice: WithdrawChoice) => void }) {
  const intl = useIntl();
  const selected = choiceKey(value);
  const bank: WithdrawChoice = { method: 'bank_transfer' };
  return (
    <fieldset className="withdrawals-methods" data-testid="withdraw-methods">
      <legend className="field__label">
        <FormattedMessage id="withdrawals.method.legend" />
      </legend>
      <label className="withdrawals-method" data-testid="method-bank_transfer">
        <input type="radio" name="withdraw-method" value="bank_transfer" checked={selected === 'bank_transfer'} onChange={() => onChange(bank)} />
        <span>
          <strong>
            <FormattedMessage id="withdrawals.method.bank" />
          </strong>
          <span className="withdrawals-method__detail">
            <FormattedMessage
              id="withdrawals.method.bankDetail"
              values={{ points: <Points value={ceilingOf(terms, bank)} />, fee: <Points value={terms.fee} />, currency: terms.currency }}
            />
          </span>
        </span>
      </label>
      {terms.refundable.map((deposit) => {
        const choice: WithdrawChoice = { method: 'stripe_refund', deposit };
        return (
          <label key={deposit.depositId} className="withdrawals-method" data-testid="method-stripe_refund" data-deposit={deposit.depositId}>
            <input type="radio" name="withdraw-method" value={choiceKey(choice)} checked={selected === choiceKey(choice)} onChange={() => onChange(choice)} />
            <span>
              <strong>
                <FormattedMessage id="withdrawals.method.refund" values={{ method: intl.formatMessage({ id: paymentMethodName(deposit.method) }) }} />
              </strong>
              <span className="withdrawals-method__detail">
                <FormattedMessage
                  id="withdrawals.method.refundDetail"
                  values={{
                    paid: formatLocalMoney(deposit.depositAmount, deposit.currency, intl.locale),
                    date: deposit.paidAt ? <Moment value={deposit.paidAt} /> : '—',
                    points: <Points value={ceilingOf(terms, choice)} />,
                    payout: formatLocalMoney(deposit.payout, deposit.currency, intl.locale),
                  }}
                />
              </span>
            </span>
          </label>
        );
      })}
      {terms.refundable.length === 0 && (
        <p className="muted" data-testid="method-refund-none">
          <FormattedMessage id="withdrawals.method.refundNone" />
        </p>
      )}
    </fieldset>
  );
}
