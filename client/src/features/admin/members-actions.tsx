import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDescribeError } from './describe.ts';
import { useRefreshMoney, type MemberRow } from './members-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';
import { StaffEnrolment } from './staff-enrolment.tsx';

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** GP typed by a person ("12.5", "-3") as integer hundredths; null when it is not a non-zero amount with at most two decimals. */
export function parseGp(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[+-]?\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.replace(/^[+-]/, '').split('.') as [string, string?];
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (hundredths === 0) return null;
  return trimmed.startsWith('-') ? -hundredths : hundredths;
}

/**
 * What a worker does to a member: lock or unlock (supervisors only — an operator sees why the
 * button is off) and adjust their points with a reason. The server decides whether an adjustment
 * is applied at once or waits for a supervisor (above the configured amount); the answer says which.
 */
export function MemberActions({ member }: { member: MemberRow }) {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const refresh = useRefreshMoney();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const supervisor = isSupervisor(session);
  const locked = member.lockedAt !== null;

  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      setNotice({ tone: 'success', text: await work() });
    } catch (error) {
      setNotice({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  function lock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    void run(async () => {
      await http.post(`/api/admin/members/${member.id}/lock`, { locked: !locked, reason });
      form.reset();
      return intl.formatMessage({ id: locked ? 'admin.member.unlockedDone' : 'admin.member.lockedDone' });
    });
  }

  function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = parseGp(String(data.get('amount') ?? ''));
    if (amount === null) {
      setNotice({ tone: 'error', text: intl.formatMessage({ id: 'admin.member.amountInvalid' }) });
      return;
    }
    void run(async () => {
      const res = await http.post<{ status: string }>(
        '/api/admin/adjustments',
        { userId: member.id, amount, reason: String(data.get('reason') ?? '').trim(), account: 'real' },
        { headers: { 'Idempotency-Key': crypto.randomUUID() } },
      );
      form.reset();
      return intl.formatMessage({ id: res.status === 'pending_approval' ? 'admin.adjust.pending' : 'admin.adjust.queued' });
    });
  }

  return (
    <div className="admin-member__actions">
      {notice && <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="member-notice">{notice.text}</p>}
      <form className="admin-panel admin-form" onSubmit={adjust} aria-labelledby="admin-member-adjust">
        <h2 id="admin-member-adjust"><FormattedMessage id="admin.member.adjustTitle" /></h2>
        <div className="admin-form--row">
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.adjust.amount" /></span>
            <input className="field__input" name="amount" inputMode="decimal" required autoComplete="off" />
          </label>
          <label className="field admin-member__reason">
            <span className="field__label"><FormattedMessage id="admin.adjust.reason" /></span>
            <input className="field__input" name="reason" required maxLength={200} autoComplete="off" />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}><FormattedMessage id="admin.adjust.request" /></button>
        </div>
      </form>
      <form className="admin-panel admin-form" onSubmit={lock} aria-labelledby="admin-member-lock">
        <h2 id="admin-member-lock"><FormattedMessage id={locked ? 'admin.member.unlockTitle' : 'admin.member.lockTitle'} /></h2>
        {supervisor ? (
          <div className="admin-form--row">
            <label className="field admin-member__reason">
              <span className="field__label"><FormattedMessage id="admin.adjust.reason" /></span>
              <input className="field__input" name="reason" required maxLength={200} autoComplete="off" />
            </label>
            <button type="submit" className={locked ? 'button button--primary' : 'button admin-button--danger'} disabled={busy}>
              <FormattedMessage id={locked ? 'admin.member.unlock' : 'admin.member.lock'} />
            </button>
          </div>
        ) : (
          <div className="admin-form--row">
            <button type="button" className="button button--ghost" disabled aria-describedby="admin-member-lock-why">
              <FormattedMessage id={locked ? 'admin.member.unlock' : 'admin.member.lock'} />
            </button>
            <p id="admin-member-lock-why" className="muted"><FormattedMessage id="admin.member.lockSupervisorOnly" /></p>
          </div>
        )}
      </form>
      <StaffEnrolment member={member} />
    </div>
  );
}
