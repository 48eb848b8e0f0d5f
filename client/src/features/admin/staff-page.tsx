import type { EnrolmentLink, StaffInvite, StaffMember } from '@gp/common';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConsoleNoticeLine, useConsoleAction } from './console-action.tsx';
import { isSupervisor, useConsole } from './staff-session.ts';

const STAFF_KEY = ['admin', 'staff'] as const;

/** A link shown once, to copy and hand over in person (the server keeps only its hash). */
function OnceLink({ link, lead }: { link: { url: string; expiresAt: string }; lead: string }) {
  const intl = useIntl();
  return (
    <div className="admin-panel" role="status">
      <p>{lead} <FormattedMessage id="admin.staff.linkUntil" values={{ at: intl.formatDate(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' }) }} /></p>
      <input className="field__input mono" readOnly value={link.url} data-testid="staff-link" aria-label={intl.formatMessage({ id: 'admin.staff.enrolLinkLabel' })} onFocus={(e) => e.currentTarget.select()} autoFocus />
    </div>
  );
}

/**
 * Staff (issue 31 item 7), supervisors: who works the back office, with what role, whether they
 * enrolled an authenticator and whether they are active; invite a colleague by email (a link to
 * choose a password and enrol), change a role, deactivate, reset a lost authenticator. Every
 * action is audited; none is offered on one's own row (the server refuses them: `own_account`).
 */
export function StaffPage() {
  const intl = useIntl();
  const { http, session } = useConsole();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: ({ signal }) => http.get<{ items: StaffMember[] }>('/api/admin/staff', { signal }), enabled: isSupervisor(session) });
  const { notice, act } = useConsoleAction(STAFF_KEY);
  const [link, setLink] = useState<{ url: string; expiresAt: string; lead: string } | null>(null);

  if (!isSupervisor(session)) return <p className="notice notice--error" role="alert"><FormattedMessage id="admin.staff.supervisorOnly" /></p>;

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const body = { email: String(form.get('email') ?? ''), name: String(form.get('name') ?? ''), role: String(form.get('role') ?? 'operator') };
    setLink(null);
    await act(
      () => http.post<StaffInvite>('/api/admin/staff/invites', body),
      (invited) => {
        setLink({ ...invited, lead: intl.formatMessage({ id: 'admin.staff.invited' }, { name: body.name, email: body.email }) });
        formElement.reset();
        return intl.formatMessage({ id: 'admin.staff.invitedShort' }, { name: body.name });
      },
    );
  }

  const setRole = (member: StaffMember, role: string) => act(() => http.post(`/api/admin/staff/${member.id}/role`, { role }), () => intl.formatMessage({ id: 'admin.staff.roleChanged' }, { name: member.name }));
  const deactivate = (member: StaffMember) => {
    if (!window.confirm(intl.formatMessage({ id: 'admin.staff.deactivateConfirm' }, { name: member.name }))) return;
    void act(() => http.post(`/api/admin/staff/${member.id}/deactivate`), () => intl.formatMessage({ id: 'admin.staff.deactivated' }, { name: member.name }));
  };
  const resetTotp = (member: StaffMember) => {
    if (!window.confirm(intl.formatMessage({ id: 'admin.staff.resetConfirm' }, { name: member.name }))) return;
    setLink(null);
    void act(
      () => http.post<EnrolmentLink>(`/api/admin/staff/${member.id}/totp-reset`),
      (issued) => {
        setLink({ ...issued, lead: intl.formatMessage({ id: 'admin.staff.resetDone' }, { name: member.name }) });
        return intl.formatMessage({ id: 'admin.staff.resetShort' }, { name: member.name });
      },
    );
  };

  return (
    <section aria-labelledby="admin-staff-title">
      <h1 id="admin-staff-title"><FormattedMessage id="admin.staff.title" /></h1>
      <form className="admin-panel admin-form--row" onSubmit={(e) => void invite(e)} aria-labelledby="admin-staff-invite" data-testid="staff-invite">
        <h2 id="admin-staff-invite" style={{ flexBasis: '100%' }}><FormattedMessage id="admin.staff.inviteTitle" /></h2>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.signin.email" /></span>
          <input className="field__input" name="email" type="email" required maxLength={254} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.staff.name" /></span>
          <input className="field__input" name="name" required maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.staff.role" /></span>
          <select className="field__input" name="role" defaultValue="operator">
            <option value="operator">{intl.formatMessage({ id: 'admin.role.operator' })}</option>
            <option value="supervisor">{intl.formatMessage({ id: 'admin.role.supervisor' })}</option>
          </select>
        </label>
        <button type="submit" className="button button--primary"><FormattedMessage id="admin.staff.invite" /></button>
      </form>
      <ConsoleNoticeLine notice={notice} testId="staff-message" />
      {link && <OnceLink link={link} lead={link.lead} />}
      <div className="table-wrap">
        <table className="table admin-table admin-table--cards" data-testid="staff-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="admin.staff.name" /></th>
              <th scope="col"><FormattedMessage id="admin.staff.role" /></th>
              <th scope="col"><FormattedMessage id="admin.staff.state" /></th>
              <th scope="col"><FormattedMessage id="admin.queue.colActions" /></th>
            </tr>
          </thead>
          <tbody>
            {staff.data?.items.map((member) => {
              const self = member.id === session.user.id;
              return (
                <tr key={member.id} data-testid="staff-row" data-id={member.id}>
                  <td><strong>{member.name}</strong><br /><span className="muted">{member.email}</span></td>
                  <td>
                    {self || !member.active ? (
                      intl.formatMessage({ id: member.role === 'supervisor' ? 'admin.role.supervisor' : 'admin.role.operator' })
                    ) : (
                      <select className="field__input" value={member.role} aria-label={intl.formatMessage({ id: 'admin.staff.roleOf' }, { name: member.name })} onChange={(e) => void setRole(member, e.target.value)}>
                        <option value="operator">{intl.formatMessage({ id: 'admin.role.operator' })}</option>
                        <option value="supervisor">{intl.formatMessage({ id: 'admin.role.supervisor' })}</option>
                        <option value="member">{intl.formatMessage({ id: 'admin.staff.roleMember' })}</option>
                      </select>
                    )}
                  </td>
                  <td data-testid="staff-state">
                    <FormattedMessage id={!member.active ? 'admin.staff.stateInactive' : !member.passwordSet ? 'admin.staff.stateInvited' : member.enrolled ? 'admin.staff.stateEnrolled' : 'admin.staff.stateNotEnrolled'} />
                  </td>
                  <td>
                    {self ? (
                      <span className="muted"><FormattedMessage id="admin.staff.you" /></span>
                    ) : (
                      member.active && (
                        <div className="admin-actions">
                          <button type="button" className="button button--ghost button--small" onClick={() => resetTotp(member)}><FormattedMessage id="admin.staff.resetTotp" /></button>
                          <button type="button" className="button button--small admin-button--danger" onClick={() => deactivate(member)}><FormattedMessage id="admin.staff.deactivate" /></button>
                        </div>
                      )
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
