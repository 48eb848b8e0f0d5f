import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@gp/common';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Points } from '../../shared/money/points.tsx';
import type { Column } from '../../shared/ui/column-heads.tsx';
import { when } from './admin-format.tsx';
import { AdminTable } from './admin-table.tsx';
import { useDescribeError } from './describe.ts';
import { parseGp } from './members-actions.tsx';
import { useRefreshMoney, type MemberDetail } from './members-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';

const LIMIT_COLUMNS: readonly Column[] = [{ label: 'admin.member.play.limit' }, { label: 'admin.member.play.inForce', numeric: true }, { label: 'admin.member.play.used', numeric: true }, { label: 'admin.member.play.pending' }];
const BREAK_COLUMNS: readonly Column[] = [{ label: 'admin.member.play.breakKind' }, { label: 'admin.member.play.from' }, { label: 'admin.member.play.until' }];
const HISTORY_COLUMNS: readonly Column[] = [{ label: 'admin.member.play.when' }, { label: 'admin.member.play.limit' }, { label: 'admin.member.play.change' }, { label: 'admin.member.play.by' }];

const amountOf = (value: number | null) => (value === null ? <FormattedMessage id="play.none" /> : <Points value={value} />);

/**
 * The member's responsible play in the console (issue 32 item 6): the limits in force with what
 * counts and any pending raise, the reality-check interval, breaks and self-exclusions and the
 * history of the limits, read-only; a supervisor can lower a limit (never raise or remove one)
 * with a reason. Nobody on the staff lifts a break or an exclusion: there is no control for it.
 */
export function MemberResponsiblePlay({ memberId, play }: { memberId: string; play: MemberDetail['responsiblePlay'] }) {
  const intl = useIntl();
  const label = (kind: string, period: string) => `${intl.formatMessage({ id: `play.kind.${kind as LimitKind}` })} · ${intl.formatMessage({ id: `play.period.${period as LimitPeriod}` })}`;
  return (
    <section className="admin-panel" aria-labelledby="admin-member-play" data-testid="member-responsible-play">
      <h2 id="admin-member-play">
        <FormattedMessage id="play.title" />
      </h2>
      <p className="muted" data-testid="member-reality-check">
        {play.state.realityCheckMinutes === null ? (
          <FormattedMessage id="admin.member.play.realityCheckOff" />
        ) : (
          <FormattedMessage id="admin.member.play.realityCheckEvery" values={{ minutes: play.state.realityCheckMinutes }} />
        )}
      </p>
      <AdminTable columns={LIMIT_COLUMNS} testId="member-limits">
        {LIMIT_KINDS.flatMap((kind) =>
          LIMIT_PERIODS.map((period) => {
            const limit = play.limits[kind][period];
            return (
              <tr key={`${kind}-${period}`} data-testid={`member-limit-${kind}-${period}`}>
                <td>{label(kind, period)}</td>
                <td className="numeric">{amountOf(limit.amount)}</td>
                <td className="numeric">
                  <Points value={limit.used} />
                </td>
                <td>
                  {limit.pending ? (
                    <FormattedMessage id="admin.member.play.pendingLine" values={{ amount: amountOf(limit.pending.amount), at: when(limit.pending.effectiveAt) }} />
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          }),
        )}
      </AdminTable>
      <LowerLimit memberId={memberId} label={label} />
      <h3>
        <FormattedMessage id="admin.member.play.breaks" />
      </h3>
      {play.breaks.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="admin.member.play.noBreaks" />
        </p>
      ) : (
        <AdminTable columns={BREAK_COLUMNS} testId="member-breaks">
          {play.breaks.map((b, i) => (
            <tr key={i}>
              <td>
                <FormattedMessage id={`admin.member.play.break.${b.kind as 'time_out'}`} />
                {b.period && ` · ${b.period}`}
              </td>
              <td>{when(b.startsAt)}</td>
              <td>{when(b.endsAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <h3>
        <FormattedMessage id="admin.member.play.history" />
      </h3>
      {play.limitChanges.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="admin.member.play.noHistory" />
        </p>
      ) : (
        <AdminTable columns={HISTORY_COLUMNS} testId="member-limit-history">
          {play.limitChanges.map((c, i) => (
            <tr key={i}>
              <td>{when(c.requestedAt)}</td>
              <td>{label(c.kind, c.period)}</td>
              <td>
                <FormattedMessage id={`admin.member.play.change.${c.change as 'lowered'}`} values={{ from: amountOf(c.from), to: amountOf(c.to), at: when(c.effectiveAt) }} />
              </td>
              <td>{c.staff ? `${c.staff}: ${c.reason ?? ''}` : <FormattedMessage id="admin.member.play.byMember" />}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

/** A supervisor lowers one limit, with a reason; the server refuses a raise or removal (`limit_raise_refused`). */
function LowerLimit({ memberId, label }: { memberId: string; label: (kind: string, period: string) => string }) {
  const intl = useIntl();
  const { http, session } = useConsole();
  const describe = useDescribeError();
  const refresh = useRefreshMoney();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isSupervisor(session)) {
    return (
      <p className="muted">
        <FormattedMessage id="admin.member.play.lowerSupervisorOnly" />
      </p>
    );
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const [kind, period] = String(data.get('limit') ?? '').split('.') as [LimitKind, LimitPeriod];
    const amount = parseGp(String(data.get('amount') ?? ''));
    if (amount === null || amount <= 0) {
      setNotice({ tone: 'error', text: intl.formatMessage({ id: 'admin.member.play.amountInvalid' }) });
      return;
    }
    setBusy(true);
    try {
      await http.request('PUT', `/api/admin/members/${memberId}/limits`, { body: { limits: { [kind]: { [period]: amount } }, reason: String(data.get('reason') ?? '').trim() } });
      form.reset();
      setNotice({ tone: 'success', text: intl.formatMessage({ id: 'admin.member.play.lowered' }) });
    } catch (error) {
      setNotice({ tone: 'error', text: describe(error) });
    } finally {
      setBusy(false);
      await refresh();
    }
  }
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} aria-labelledby="admin-member-lower" data-testid="member-lower-limit">
      <h3 id="admin-member-lower">
        <FormattedMessage id="admin.member.play.lowerTitle" />
      </h3>
      {notice && (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="member-lower-notice">
          {notice.text}
        </p>
      )}
      <div className="admin-form--row">
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.member.play.limit" />
          </span>
          <select className="field__input" name="limit" data-testid="member-lower-which">
            {LIMIT_KINDS.flatMap((kind) =>
              LIMIT_PERIODS.map((period) => (
                <option key={`${kind}.${period}`} value={`${kind}.${period}`}>
                  {label(kind, period)}
                </option>
              )),
            )}
          </select>
        </label>
        <label className="field">
          <span className="field__label">
            <FormattedMessage id="admin.member.play.newAmount" />
          </span>
          <input className="field__input" name="amount" inputMode="decimal" required autoComplete="off" data-testid="member-lower-amount" />
        </label>
        <label className="field admin-member__reason">
          <span className="field__label">
            <FormattedMessage id="admin.adjust.reason" />
          </span>
          <input className="field__input" name="reason" required minLength={3} maxLength={500} autoComplete="off" data-testid="member-lower-reason" />
        </label>
        <button type="submit" className="button button--primary" disabled={busy} data-testid="member-lower-submit">
          <FormattedMessage id="admin.member.play.lower" />
        </button>
      </div>
    </form>
  );
}
