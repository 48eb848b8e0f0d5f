import { WITHDRAWAL_STATES, type AdminWithdrawal, type WithdrawalState } from '@gp/common';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import { Money, when } from './admin-format.tsx';
import { AdminListPanel } from './admin-table.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { KycReview } from './kyc-review.tsx';
import { saveFile } from '../../shared/ui/save-file.ts';
import { isSupervisor, useConsole } from './staff-session.ts';
import { WithdrawalBatches } from './withdrawal-batches.tsx';
import { WithdrawalFlags } from './withdrawal-flags.tsx';
import { useAdminWithdrawals, WITHDRAWALS_KEY } from './withdrawals-api.ts';

/**
 * Winnings out for staff (issue 33): identity checks to review, then withdrawals by state: approve
 * (a large or flagged one takes two people; a flagged one only after reading its flags), reject with a
 * reason (the points go back), export the approved bank transfers as a recorded batch, mark each
 * withdrawal or batch paid with the bank's reference, send a refund to its Stripe payment, and record
 * a paid transfer the bank sent back (a supervisor; two past their bound).
 */
export function WithdrawalsPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const me = String(session.user.id);
  const [state, setState] = useState<WithdrawalState>('requested');
  const list = useAdminWithdrawals(state);
  const { notice, act } = useConsoleAction(WITHDRAWALS_KEY);
  const [asking, setAsking] = useState<{ id: string; action: 'reject' | 'paid' | 'returned' } | null>(null);
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const acknowledge = (id: string, value: boolean) =>
    setAcknowledged((before) => {
      const next = new Set(before);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  const items = list.data?.items ?? [];

  const approve = (w: AdminWithdrawal) =>
    act(() => http.post<AdminWithdrawal>(`/api/admin/withdrawals/${w.id}/approve`, { acknowledgeFlags: acknowledged.has(w.id) }), (after) => intl.formatMessage({ id: after.state === 'approved' ? 'admin.withdrawals.approved' : 'admin.withdrawals.firstApproval' }, { id: w.id }));

  const sendRefund = (w: AdminWithdrawal) =>
    act(() => http.post<AdminWithdrawal>(`/api/admin/withdrawals/${w.id}/refund`), (after) => intl.formatMessage({ id: after.state === 'paid' ? 'admin.withdrawals.refunded' : 'admin.withdrawals.refundFailed' }, { id: w.id }));

  function withText(event: FormEvent<HTMLFormElement>, w: AdminWithdrawal) {
    event.preventDefault();
    if (!asking) return;
    const form = new FormData(event.currentTarget);
    const text = String(form.get('text') ?? '').trim();
    if (asking.action === 'returned') {
      const reason = String(form.get('reason') ?? '').trim();
      const work = () => http.post<AdminWithdrawal>(`/api/admin/withdrawals/${w.id}/returned`, { reference: text, reason });
      void act(work, (after) => intl.formatMessage({ id: after.state === 'returned' ? 'admin.withdrawals.returned' : 'admin.withdrawals.returnFirst' }, { id: w.id })).then((ok) => ok && setAsking(null));
      return;
    }
    const work = asking.action === 'reject' ? () => http.post(`/api/admin/withdrawals/${w.id}/reject`, { reason: text }) : () => http.post(`/api/admin/withdrawals/${w.id}/paid`, { reference: text });
    void act(work, () => intl.formatMessage({ id: asking.action === 'reject' ? 'admin.withdrawals.rejected' : 'admin.withdrawals.paid' }, { id: w.id })).then((ok) => ok && setAsking(null));
  }

  const download = () => act(async () => saveFile('withdrawals-batch.csv', await http.blob('/api/admin/withdrawals/batch?format=csv')), () => intl.formatMessage({ id: 'admin.withdrawals.batchSaved' }));

  return (
    <section aria-labelledby="admin-withdrawals-title">
      <h1 id="admin-withdrawals-title">
        <FormattedMessage id="admin.withdrawals.title" />
      </h1>
      <KycReview />
      <div className="admin-filters">
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.withdrawals.state" />
          </span>
          <select className="field__input" value={state} onChange={(e) => setState(e.target.value as WithdrawalState)} data-testid="withdrawal-state-filter">
            {WITHDRAWAL_STATES.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage({ id: `withdrawals.state.${s}` })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--ghost button--small" onClick={() => void download()} data-testid="withdrawal-batch">
          <FormattedMessage id="admin.withdrawals.batch" />
        </button>
      </div>
      <AdminListPanel title="admin.withdrawals.listTitle" count={items.length} empty="admin.withdrawals.none" isEmpty={list.isSuccess && items.length === 0} notice={<ConsoleNoticeLine notice={notice} testId="withdrawal-notice" />}>
        <ul className="admin-cards" data-testid="admin-withdrawals">
          {items.map((w) => (
            <li key={w.id} className="admin-panel" data-testid="admin-withdrawal" data-id={w.id} data-method={w.method}>
              <p>
                <strong>#{w.id}</strong> {w.memberEmail} <span className="muted">· {when(w.createdAt)}</span>
              </p>
              <p>
                <strong data-testid="admin-withdrawal-rail">
                  <FormattedMessage id={`withdrawals.rail.${w.method}`} />
                </strong>
                {' · '}
                <Points value={w.amount} /> → <Money amount={w.payout} currency={w.currency} />
                {w.method === 'bank_transfer' && (
                  <>
                    {' · '}
                    <FormattedMessage id="admin.kyc.account" values={{ name: w.accountName, bank: w.bankCode, number: w.accountNumber }} />
                  </>
                )}
              </p>
              {w.awaitingSecondApproval && (
                <p className="admin-urgent" data-testid="withdrawal-awaiting-second">
                  {/* The first approver is told it is someone else's turn, rather than meeting a refusal. */}
                  <FormattedMessage id={w.firstApprovedBy === me ? 'admin.withdrawals.yourFirstApproval' : 'admin.withdrawals.awaitingSecond'} />
                </p>
              )}
              {w.state === 'requested' && w.amlFlags.length > 0 && <WithdrawalFlags flags={w.amlFlags} acknowledged={acknowledged.has(w.id)} onAcknowledge={(value) => acknowledge(w.id, value)} approvedByMe={w.firstApprovedBy === me} />}
              {w.batchId && (
                <p className="muted">
                  <FormattedMessage id="admin.withdrawals.inBatch" values={{ id: w.batchId }} />
                </p>
              )}
              {w.paidReference && <p className="mono">{w.paidReference}</p>}
              {w.reason && <p>{w.reason}</p>}
              {w.state === 'paid' && w.returnFirstBy && (
                <p className="admin-urgent" data-testid="withdrawal-return-pending">
                  <FormattedMessage id={w.returnFirstBy === me ? 'admin.withdrawals.yourFirstReturn' : 'admin.withdrawals.returnAwaitingSecond'} values={{ reference: w.returnReference ?? '' }} />
                </p>
              )}
              <div className="admin-actions">
                {w.state === 'requested' && w.firstApprovedBy !== me && (
                  <button type="button" className="button button--primary button--small" onClick={() => void approve(w)} disabled={w.amlFlags.length > 0 && !acknowledged.has(w.id)} data-testid="withdrawal-approve">
                    <FormattedMessage id="admin.withdrawals.approve" />
                  </button>
                )}
                {w.state === 'approved' && w.method === 'bank_transfer' && (
                  <button type="button" className="button button--primary button--small" onClick={() => setAsking({ id: w.id, action: 'paid' })} data-testid="withdrawal-paid">
                    <FormattedMessage id="admin.withdrawals.markPaid" />
                  </button>
                )}
                {w.state === 'approved' && w.method === 'stripe_refund' && (
                  <button type="button" className="button button--primary button--small" onClick={() => void sendRefund(w)} data-testid="withdrawal-refund">
                    <FormattedMessage id="admin.withdrawals.sendRefund" />
                  </button>
                )}
                {w.state === 'paid' && w.method === 'bank_transfer' && isSupervisor(session) && w.returnFirstBy !== me && (
                  <button type="button" className="button button--ghost button--small" onClick={() => setAsking({ id: w.id, action: 'returned' })} data-testid="withdrawal-returned">
                    <FormattedMessage id="admin.withdrawals.markReturned" />
                  </button>
                )}
                {(w.state === 'requested' || (w.state === 'approved' && !w.batchId)) && (
                  <button type="button" className="button button--ghost button--small" onClick={() => setAsking({ id: w.id, action: 'reject' })}>
                    <FormattedMessage id="admin.withdrawals.reject" />
                  </button>
                )}
              </div>
              {asking?.id === w.id && (
                <form className="admin-form admin-form--row" onSubmit={(event) => withText(event, w)} onKeyDown={(e) => e.key === 'Escape' && setAsking(null)}>
                  <label className="field">
                    <span className="field__label">
                      <FormattedMessage id={asking.action === 'reject' ? 'admin.withdrawals.reason' : asking.action === 'returned' ? 'admin.withdrawals.returnReference' : 'admin.withdrawals.reference'} />
                    </span>
                    <input className="field__input" name="text" required maxLength={asking.action === 'reject' ? 500 : 100} autoFocus autoComplete="off" data-testid="withdrawal-text" />
                  </label>
                  {asking.action === 'returned' && (
                    <label className="field">
                      <span className="field__label">
                        <FormattedMessage id="admin.withdrawals.returnReason" />
                      </span>
                      <input className="field__input" name="reason" required maxLength={500} autoComplete="off" data-testid="withdrawal-return-reason" />
                    </label>
                  )}
                  <button type="submit" className="button button--primary button--small" data-testid="withdrawal-submit">
                    <FormattedMessage id={asking.action === 'reject' ? 'admin.withdrawals.reject' : asking.action === 'returned' ? 'admin.withdrawals.markReturned' : 'admin.withdrawals.markPaid'} />
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      </AdminListPanel>
      <WithdrawalBatches />
    </section>
  );
}
