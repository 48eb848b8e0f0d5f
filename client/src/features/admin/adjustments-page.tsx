import type { PendingAdjustment } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useDescribeError } from './describe.ts';
import { isSupervisor, useConsole } from './staff-session.ts';

/**
 * Wallet adjustments: any staff member requests one (credit or debit, with a reason); above the
 * configured amount it waits here for a supervisor who did not request it.
 */
export function AdjustmentsPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const list = useQuery({ queryKey: ['admin', 'adjustments'], queryFn: () => http.get<{ items: PendingAdjustment[] }>('/api/admin/adjustments') });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] });

  async function request(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const amount = Math.round(Number(form.get('amount')) * 100);
    try {
      const res = await http.post<{ status: string }>(
        '/api/admin/adjustments',
        { userId: String(form.get('userId')).trim(), amount, reason: String(form.get('reason')), account: 'real' },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      setMessage({ tone: 'success', text: intl.formatMessage({ id: res.status === 'pending_approval' ? 'admin.adjust.pending' : 'admin.adjust.queued' }) });
      formElement.reset();
    } catch (error) {
      setMessage({ tone: 'error', text: describe(error) });
    }
    await refresh();
  }

  async function decide(id: string, approve: boolean) {
    try {
      await http.post(`/api/admin/adjustments/${id}/decision`, { approve });
      setMessage({ tone: 'success', text: intl.formatMessage({ id: approve ? 'admin.adjust.approved' : 'admin.adjust.rejected' }) });
    } catch (error) {
      setMessage({ tone: 'error', text: describe(error) });
    }
    await refresh();
  }

  return (
    <section aria-labelledby="admin-adjust-title">
      <h1 id="admin-adjust-title"><FormattedMessage id="admin.adjust.title" /></h1>
      {message && <p className={`notice notice--${message.tone}`} role="status">{message.text}</p>}
      <form className="admin-panel admin-form--row" onSubmit={(e) => void request(e)}>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.adjust.member" /></span>
          <input className="field__input" name="userId" required inputMode="numeric" pattern="[1-9][0-9]*" />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.adjust.amount" /></span>
          <input className="field__input" name="amount" type="number" step="0.01" required />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.adjust.reason" /></span>
          <input className="field__input" name="reason" required maxLength={200} />
        </label>
        <button type="submit" className="button button--primary"><FormattedMessage id="admin.adjust.request" /></button>
      </form>
      <div className="table-wrap">
        <table className="table admin-table" data-testid="adjustments-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="admin.adjust.colWhen" /></th>
              <th scope="col"><FormattedMessage id="admin.adjust.member" /></th>
              <th scope="col" className="numeric"><FormattedMessage id="admin.adjust.amount" /></th>
              <th scope="col"><FormattedMessage id="admin.adjust.reason" /></th>
              <th scope="col"><FormattedMessage id="admin.adjust.colStatus" /></th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.data?.items.map((a) => (
              <tr key={a.id} data-testid="adjustment-row" data-id={a.id}>
                <td><FormattedDate value={a.createdAt} dateStyle="short" timeStyle="short" /></td>
                <td>#{a.userId} <span className="muted">{a.memberEmail}</span></td>
                <td className="numeric"><FormattedNumber value={a.amount / 100} minimumFractionDigits={2} /> GP</td>
                <td>{a.reason}</td>
                <td>{intl.formatMessage({ id: `admin.adjust.status.${a.status as 'queued'}` })}</td>
                <td>
                  {a.status === 'pending_approval' && isSupervisor(session) && a.operatorId !== session.user.id && (
                    <>
                      <button type="button" className="button button--primary button--small" onClick={() => void decide(a.id, true)}><FormattedMessage id="admin.adjust.approve" /></button>{' '}
                      <button type="button" className="button button--ghost button--small" onClick={() => void decide(a.id, false)}><FormattedMessage id="admin.adjust.reject" /></button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
