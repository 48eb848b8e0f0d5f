import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { METHOD_LABEL } from '../../shared/deposits/labels.ts';
import { Points } from '../../shared/money/points.tsx';
import { useDescribeError } from './describe.ts';
import { Money } from './members-detail-page.tsx';
import { useDebts, useHeldDeposits, useRefreshMoney, type HeldDeposit } from './members-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const when = (at: string | null) => (at ? <FormattedDate value={at} dateStyle="short" timeStyle="short" /> : '—');

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
  const label = (id: 'admin.deposits.member' | 'admin.deposits.method' | 'admin.deposits.expected' | 'admin.deposits.received' | 'admin.deposits.problem' | 'admin.adjust.colWhen') => intl.formatMessage({ id });
  return (
    <section aria-labelledby="admin-deposits-title">
      <h1 id="admin-deposits-title"><FormattedMessage id="admin.deposits.title" /></h1>
      {notice && <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
      {held.isError && <p className="notice notice--error" role="alert">{describe(held.error)}</p>}
      <div className="admin-panel">
        <h2><FormattedMessage id="admin.deposits.heldTitle" /> <span className="muted">({items.length})</span></h2>
        <p className="muted admin-keys"><FormattedMessage id="admin.deposits.heldHint" /></p>
        {held.isSuccess && items.length === 0 ? (
          <p className="muted"><FormattedMessage id="admin.deposits.noneHeld" /></p>
        ) : (
          <div className="table-wrap">
            <table className="table admin-table admin-table--held" data-testid="held-deposits">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col"><FormattedMessage id="admin.deposits.member" /></th>
                  <th scope="col"><FormattedMessage id="admin.deposits.method" /></th>
                  <th scope="col" className="numeric"><FormattedMessage id="admin.deposits.expected" /></th>
                  <th scope="col" className="numeric"><FormattedMessage id="admin.deposits.received" /></th>
                  <th scope="col"><FormattedMessage id="admin.deposits.problem" /></th>
                  <th scope="col"><FormattedMessage id="admin.adjust.colWhen" /></th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {items.map((d) => (
                  <tr key={d.id} data-testid="held-row" data-id={d.id}>
                    <td className="mono" data-label="#">{d.id}</td>
                    <td data-label={label('admin.deposits.member')}><Link to={`/admin/members/${d.userId}`}>#{d.userId}</Link></td>
                    <td data-label={label('admin.deposits.method')}>{d.provider} · <FormattedMessage id={METHOD_LABEL[d.method]} /></td>
                    <td className="numeric" data-label={label('admin.deposits.expected')}><Money amount={d.amount} currency={d.currency} /></td>
                    <td className="numeric admin-urgent" data-label={label('admin.deposits.received')}>{d.problem?.reported ? <Money amount={d.problem.reported.amount} currency={d.problem.reported.currency.toUpperCase()} /> : '—'}</td>
                    <td data-label={label('admin.deposits.problem')}><FormattedMessage id={d.problem?.reason === 'amount_mismatch' ? 'admin.deposits.mismatch' : 'admin.deposits.otherProblem'} /></td>
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
              </tbody>
            </table>
          </div>
        )}
        {!isSupervisor(session) && items.length > 0 && <p className="muted"><FormattedMessage id="admin.deposits.creditSupervisorOnly" /></p>}
      </div>
      {crediting && (
        <form className="admin-panel admin-form" onSubmit={credit} onKeyDown={(e) => e.key === 'Escape' && setCrediting(null)} aria-labelledby="admin-credit-title" data-testid="credit-form">
          <h2 id="admin-credit-title"><FormattedMessage id="admin.deposits.creditTitle" values={{ id: crediting.id }} /></h2>
          <p>
            <FormattedMessage
              id="admin.deposits.creditExplain"
              values={{ received: crediting.problem?.reported ? <Money amount={crediting.problem.reported.amount} currency={crediting.problem.reported.currency.toUpperCase()} /> : <Money amount={crediting.amount} currency={crediting.currency} /> }}
            />
          </p>
          <div className="admin-form--row">
            <label className="field admin-member__reason">
              <span className="field__label"><FormattedMessage id="admin.adjust.reason" /></span>
              <input className="field__input" name="reason" required maxLength={200} autoFocus autoComplete="off" />
            </label>
            <button type="submit" className="button button--primary" disabled={busy !== null}><FormattedMessage id="admin.deposits.credit" /></button>
            <button type="button" className="button button--ghost" onClick={() => setCrediting(null)}><FormattedMessage id="admin.deposits.cancel" /></button>
          </div>
        </form>
      )}
      <div className="admin-panel">
        <h2><FormattedMessage id="admin.debts.title" /> <span className="muted">({debts.data?.items.length ?? 0})</span></h2>
        {debts.isError && <p className="notice notice--error" role="alert">{describe(debts.error)}</p>}
        {debts.isSuccess && debts.data.items.length === 0 ? (
          <p className="muted"><FormattedMessage id="admin.debts.none" /></p>
        ) : (
          <div className="table-wrap">
            <table className="table admin-table" data-testid="debts">
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="admin.deposits.member" /></th>
                  <th scope="col" className="numeric"><FormattedMessage id="admin.debts.owed" /></th>
                  <th scope="col" className="numeric"><FormattedMessage id="admin.debts.of" /></th>
                  <th scope="col"><FormattedMessage id="admin.debts.since" /></th>
                  <th scope="col"><FormattedMessage id="admin.debts.cause" /></th>
                </tr>
              </thead>
              <tbody>
                {debts.data?.items.map((d) => (
                  <tr key={d.id} data-testid="debt-row">
                    <td><Link to={`/admin/members/${d.userId}`}>{d.name}</Link> <span className="muted">#{d.userId}</span></td>
                    <td className="numeric admin-urgent"><Points value={d.remaining} /></td>
                    <td className="numeric"><Points value={d.amount} /></td>
                    <td>{when(d.createdAt)}</td>
                    <td>
                      {d.refType === 'deposit-reversal' ? <FormattedMessage id="admin.debts.deposit" values={{ id: d.refId }} /> : <span className="mono">{d.refType}:{d.refId}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
