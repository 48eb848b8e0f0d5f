import type { Withdrawal } from '@gp/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import { useTranslateRef } from '../../shared/i18n/use-translate.ts';
import { formatLocalMoney } from '../../shared/money/local-money.ts';
import { Points } from '../../shared/money/points.tsx';
import { Moment } from '../../shared/time/moment.tsx';
import { withdrawalKeys } from './withdrawals-api.ts';

/** The member's withdrawals as cards (they read on a phone): state, rail, what was held and what arrives, the reference once paid. */
export function WithdrawalList({ items }: { items: Withdrawal[] }) {
  const http = useHttp();
  const intl = useIntl();
  const translate = useTranslateRef();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => http.post<Withdrawal>(`/api/withdrawals/${id}/cancel`),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.me })]),
  });
  if (items.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="withdrawals.none" />
      </p>
    );
  }
  return (
    <>
      {cancel.isError && (
        <p className="notice notice--error" role="alert">
          {translate(describeError(cancel.error))}
        </p>
      )}
      <ul className="withdrawals-list" data-testid="withdrawal-list">
        {items.map((w) => (
          <li key={w.id} className="withdrawals-item" data-testid="withdrawal" data-state={w.state} data-method={w.method} data-id={w.id}>
            <div className="withdrawals-item__head">
              <strong data-testid="withdrawal-state">
                <FormattedMessage id={w.awaitingSecondApproval ? 'withdrawals.state.awaitingSecond' : `withdrawals.state.${w.state}`} />
              </strong>
              <span className="muted">
                <Moment value={w.createdAt} />
              </span>
            </div>
            <p data-testid="withdrawal-rail">
              <FormattedMessage id={`withdrawals.rail.${w.method}`} />
            </p>
            <p>
              <FormattedMessage
                id={w.method === 'stripe_refund' ? 'withdrawals.itemRefund' : 'withdrawals.item'}
                values={{ amount: <Points value={w.amount} />, payout: formatLocalMoney(w.payout, w.currency, intl.locale), last4: w.accountLast4 }}
              />
            </p>
            {w.paidReference && (
              <p data-testid="withdrawal-reference">
                <FormattedMessage id={w.method === 'stripe_refund' ? 'withdrawals.refundReference' : 'withdrawals.paidReference'} values={{ reference: w.paidReference }} />
              </p>
            )}
            {w.reason && (
              <p>
                <FormattedMessage id="withdrawals.reason" values={{ reason: w.reason }} />
              </p>
            )}
            {w.state === 'requested' && (
              <button type="button" className="button button--ghost button--small" disabled={cancel.isPending} onClick={() => cancel.mutate(w.id)} data-testid="withdrawal-cancel">
                <FormattedMessage id="withdrawals.cancel" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
