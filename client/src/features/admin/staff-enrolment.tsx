import type { EnrolmentLink } from '@gp/common';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../shared/api/api-error.ts';
import { useDescribeError } from './describe.ts';
import type { MemberRow } from './members-api.ts';
import { isSupervisor, useConsole } from './staff-session.ts';

/**
 * A supervisor hands a staff member who has no authenticator yet a single-use enrolment link (their
 * password alone does not enrol one, docs/money-controls.md). The link is shown here once, to copy
 * and pass on in person; the server keeps only its hash.
 */
export function StaffEnrolment({ member }: { member: MemberRow }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const { http, session } = useConsole();
  const [link, setLink] = useState<EnrolmentLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isSupervisor(session) || (member.role !== 'operator' && member.role !== 'supervisor') || member.id === session.user.id) return null;

  async function issue() {
    setBusy(true);
    setError(null);
    try {
      setLink(await http.post<EnrolmentLink>(`/api/admin/staff/${member.id}/enrolment-link`));
    } catch (e) {
      // Refused for one who has enrolled already: say that, not "some fields need your attention".
      setError(e instanceof ApiError && e.code === 'validation_failed' ? intl.formatMessage({ id: 'admin.staff.enrolledAlready' }, { name: member.name }) : describe(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel admin-form" aria-labelledby="admin-staff-enrol">
      <h2 id="admin-staff-enrol">
        <FormattedMessage id="admin.staff.enrolTitle" />
      </h2>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {link ? (
        <>
          <p role="status">
            <FormattedMessage id="admin.staff.enrolIssued" values={{ name: member.name, at: intl.formatDate(link.expiresAt, { dateStyle: 'medium', timeStyle: 'short', timeZoneName: 'short' }) }} />
          </p>
          <label className="field">
            <span className="field__label">
              <FormattedMessage id="admin.staff.enrolLinkLabel" />
            </span>
            <input className="field__input mono" readOnly value={link.url} data-testid="enrolment-link" onFocus={(e) => e.currentTarget.select()} autoFocus />
          </label>
        </>
      ) : (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void issue()}>
          <FormattedMessage id="admin.staff.enrolIssue" />
        </button>
      )}
    </section>
  );
}
