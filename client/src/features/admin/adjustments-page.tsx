import type { PendingAdjustment } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { ACTIONS_COLUMN, AdminTable } from './admin-table.tsx';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { isSupervisor, useConsole } from './staff-session.ts';
import { Moment } from '../../shared/time/moment.tsx';

const KEY = ['admin', 'adjustments'];

/**
 * Wallet adjustments: any staff member requests one (credit or debit, with a reason); above the
 * configured amount it waits here for a supervisor who did not request it.
 */
export function AdjustmentsPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const { notice, act } = useConsoleAction(KEY);
  const list = useQuery({ queryKey: KEY, queryFn: () => http.get<{ items: PendingAdjustment[] }>('/api/admin/adjustments') });

  async function request(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const amount = Math.round(Number(form.get('amount')) * 100);
    const requested = await act(
      () =>
        http.post<{ status: string }>(
          '/api/admin/adjustments',
          { userId: String(form.get('userId')).trim(), amount, reason: String(form.get('reason')), account: 'real' },
          { headers: { 'Idempotency-Key': crypto.randomUUID() } },
        ),
      (res) => intl.formatMessage({ id: res.status === 'pending_approval' ? 'admin.adjust.pending' : 'admin.adjust.queued' }),
    );
    if (requested) formElement.reset();
  }

  async function decide(id: string, approve: boolean) {
    await act(
      () => http.post(`/api/admin/adjustments/${id}/decision`, { approve }),
      () => intl.formatMessage({ id: approve ? 'admin.adjust.approved' : 'admin.adjust.rejected' }),
    );
  }

  return (
    <section aria-labelledby="admin-adjust-title">
      <h1 id="admin-adjust-title">
        <FormattedMessage id="admin.adjust.title" />
      </h1>
      <ConsoleNoticeLine notice={notice} />
      <form className="admin-panel admin-form--row" onSubmit={(e) => void request(e)}>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.adjust.member" />
          </span>
          <input className="field__input" name="userId" required inputMode="numeric" pattern="[1-9][0-9]*" />
        </label>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.adjust.amount" />
          </span>
          <input className="field__input" name="amount" type="number" step="0.01" required />
        </label>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.adjust.reason" />
          </span>
          <input className="field__input" name="reason" required maxLength={200} />
        </label>
        <button type="submit" className="button button--primary">
          <FormattedMessage id="admin.adjust.request" />
        </button>
      </form>
      <AdminTable columns={ADJUSTMENT_COLUMNS} testId="adjustments-table">
        {list.data?.items.map((a) => (
          <tr key={a.id} data-testid="adjustment-row" data-id={a.id}>
            <td>
              <Moment value={a.createdAt} length="short" />
            </td>
            <td>
              #{a.userId} <span className="muted">{a.memberEmail}</span>
            </td>
            <td className="numeric">
              <FormattedNumber value={a.amount / 100} minimumFractionDigits={2} /> GP
            </td>
            <td>{a.reason}</td>
            <td>{intl.formatMessage({ id: `admin.adjust.status.${a.status as 'queued'}` })}</td>
            <td>
              {a.status === 'pending_approval' && isSupervisor(session) && a.operatorId !== session.user.id && (
                <>
                  <button type="button" className="button button--primary button--small" onClick={() => void decide(a.id, true)}>
                    <FormattedMessage id="admin.adjust.approve" />
                  </button>{' '}
                  <button type="button" className="button button--ghost button--small" onClick={() => void decide(a.id, false)}>
                    <FormattedMessage id="admin.adjust.reject" />
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

const ADJUSTMENT_COLUMNS: readonly Column[] = [
  { label: 'admin.adjust.colWhen' },
  { label: 'admin.adjust.member' },
  { label: 'admin.adjust.amount', numeric: true },
  { label: 'admin.adjust.reason' },
  { label: 'admin.adjust.colStatus' },
  ACTIONS_COLUMN,
];
