import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { METHOD_LABEL } from '../../shared/deposits/labels.ts';
import { Points } from '../../shared/money/points.tsx';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { useDescribeError } from './describe.ts';
import { Money, when } from './admin-format.tsx';
import { ACTIONS_COLUMN, AdminListPanel, AdminTable, ID_COLUMN } from './admin-table.tsx';
import { useDebts, useHeldDeposits, useRefreshMoney, type HeldDeposit } from './members-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * Money that needs a person (issue 14): deposits held because the provider reported another amount
 * or currency than the member asked to pay (never credited by themselves), and members who owe
 * points because a refunded deposit's points were already spent (they cannot order until it is paid).
 * A held deposit is refunded (any staff) or credited anyway for what was received (supervisors, with a reason).
 */
export function DepositsHeldPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const refresh = useRefreshMoney();
  const held = useHeldDeposits();
  const debts = useDebts();
  const [notice, setNotice] = useState<Notice>(null);
  const [crediting, setCrediting] = useState<HeldDeposit | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(id: string, work: () => Promise<unknown>, success: string) {
    setBusy(id);
    try {
      await work();
      setNotice({ tone: 'success', text: success });
      setCrediting(null);
    } catch (error) {
      setNotice({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(null);
      await refresh();
    }
  }

  function refund(d: HeldDeposit) {
    if (!window.confirm(intl.formatMessage({ id: 'admin.deposits.refundConfirm' }, { id: d.id }))) return;
    void run(d.id, () => http.post(`/api/admin/deposits/${d.id}/refund`), intl.formatMessage({ id: 'admin.deposits.refunded' }, { id: d.id }));
  }

  function credit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!crediting) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const id = crediting.id;
    void run(id, () => http.post(`/api/admin/deposits/${id}/credit`, { reason }), intl.formatMessage({ id: 'admin.deposits.credited' }, { id }));
  }

  const items = held.data?.items ?? [];
  // Column names again on each cell: on a phone each held deposit is a card of labelled lines (admin.css).
  const label = (
    id:
      | 'admin.deposits.member'
      | 'admin.deposits.method'
      | 'admin.deposits.expected'
      | 'admin.deposits.received'
      | 'admin.deposits.problem'
      | 'admin.adjust.colWhen',
  ) => intl.formatMessage({ id });
  return (
    <section aria-labelledby="admin-deposits-title">
      <h1 id="admin-deposits-title">
        <FormattedMessage id="admin.deposits.title" />
      </h1>
      {notice && (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {held.isError && (
        <p className="notice notice--error" role="alert">
          {describe(held.error)}
        </p>
      )}
      <AdminListPanel
        title="admin.deposits.heldTitle"
        count={items.length}
        empty="admin.deposits.noneHeld"
        isEmpty={held.isSuccess && items.length === 0}
        notice={
          <p className="muted admin-keys">
            <FormattedMessage id="admin.deposits.heldHint" />
          </p>
        }
      >
        <AdminTable columns={HELD_COLUMNS} testId="held-deposits" variant="admin-table--held">
          {items.map((d) => (
            <tr key={d.id} data-testid="held-row" data-id={d.id}>
              <td className="mono" data-label="#">
                {d.id}
              </td>
              <td data-label={label('admin.deposits.member')}>
                <Link to={`/admin/members/${d.userId}`}>#{d.userId}</Link>
              </td>
              <td data-label={label('admin.deposits.method')}>
                {d.provider} · <FormattedMessage id={METHOD_LABEL[d.method]} />
              </td>
              <td className="numeric" data-label={label('admin.deposits.expected')}>
                <Money amount={d.amount} currency={d.currency} />
              </td>
              <td className="numeric admin-urgent" data-label={label('admin.deposits.received')}>
                {d.problem?.reported ? <Money amount={d.problem.reported.amount} currency={d.problem.reported.currency.toUpperCase()} /> : '—'}
              </td>
              <td data-label={label('admin.deposits.problem')}>
                <FormattedMessage id={d.problem?.reason === 'amount_mismatch' ? 'admin.deposits.mismatch' : 'admin.deposits.otherProblem'} />
              </td>
              <td data-label={label('admin.adjust.colWhen')}>{when(d.createdAt)}</td>
              <td>
                <div className="admin-actions">
                  <button type="button" className="button button--ghost button--small" disabled={busy !== null} onClick={() => refund(d)}>
                    <FormattedMessage id="admin.deposits.refund" />
                  </button>
                  {isSupervisor(session) && (
                    <button type="button" className="button button--primary button--small" disabled={busy !== null} onClick={() => setCrediting(d)}>
                      <FormattedMessage id="admin.deposits.credit" />
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
        {!isSupervisor(session) && items.length > 0 && (
          <p className="muted">
            <FormattedMessage id="admin.deposits.creditSupervisorOnly" />
          </p>
        )}
      </AdminListPanel>
      {crediting && (
        <form
          className="admin-panel admin-form"
          onSubmit={credit}
          onKeyDown={(e) => e.key === 'Escape' && setCrediting(null)}
          aria-labelledby="admin-credit-title"
          data-testid="credit-form"
        >
          <h2 id="admin-credit-title">
            <FormattedMessage id="admin.deposits.creditTitle" values={{ id: crediting.id }} />
          </h2>
          <p>
            <FormattedMessage
              id="admin.deposits.creditExplain"
              values={{
                received: crediting.problem?.reported ? (
                  <Money amount={crediting.problem.reported.amount} currency={crediting.problem.reported.currency.toUpperCase()} />
                ) : (
                  <Money amount={crediting.amount} currency={crediting.currency} />
                ),
              }}
            />
          </p>
          <div className="admin-form--row">
            <label className="field admin-member__reason">
              <span className="field__label">
                <FormattedMessage id="admin.adjust.reason" />
              </span>
              <input className="field__input" name="reason" required maxLength={200} autoFocus autoComplete="off" />
            </label>
            <button type="submit" className="button button--primary" disabled={busy !== null}>
              <FormattedMessage id="admin.deposits.credit" />
            </button>
            <button type="button" className="button button--ghost" onClick={() => setCrediting(null)}>
              <FormattedMessage id="admin.deposits.cancel" />
            </button>
          </div>
        </form>
      )}
      <AdminListPanel
        title="admin.debts.title"
        count={debts.data?.items.length ?? 0}
        empty="admin.debts.none"
        isEmpty={debts.isSuccess && debts.data.items.length === 0}
        notice={
          debts.isError && (
            <p className="notice notice--error" role="alert">
              {describe(debts.error)}
            </p>
          )
        }
      >
        <AdminTable columns={DEBT_COLUMNS} testId="debts">
          {debts.data?.items.map((d) => (
            <tr key={d.id} data-testid="debt-row">
              <td>
                <Link to={`/admin/members/${d.userId}`}>{d.name}</Link> <span className="muted">#{d.userId}</span>
              </td>
              <td className="numeric admin-urgent">
                <Points value={d.remaining} />
              </td>
              <td className="numeric">
                <Points value={d.amount} />
              </td>
              <td>{when(d.createdAt)}</td>
              <td>
                {d.refType === 'deposit-reversal' ? (
                  <FormattedMessage id="admin.debts.deposit" values={{ id: d.refId }} />
                ) : (
                  <span className="mono">
                    {d.refType}:{d.refId}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListPanel>
    </section>
  );
}

const HELD_COLUMNS: readonly Column[] = [
  ID_COLUMN,
  { label: 'admin.deposits.member' },
  { label: 'admin.deposits.method' },
  { label: 'admin.deposits.expected', numeric: true },
  { label: 'admin.deposits.received', numeric: true },
  { label: 'admin.deposits.problem' },
  { label: 'admin.adjust.colWhen' },
  ACTIONS_COLUMN,
];

const DEBT_COLUMNS: readonly Column[] = [
  { label: 'admin.deposits.member' },
  { label: 'admin.debts.owed', numeric: true },
  { label: 'admin.debts.of', numeric: true },
  { label: 'admin.debts.since' },
  { label: 'admin.debts.cause' },
];
