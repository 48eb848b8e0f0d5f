import type { StaffChallenge, StaffSession } from '@gp/common';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createHttpClient } from '../../shared/api/http-client.ts';
import { useDescribeError } from './describe.ts';
import type { StaffSessionValue } from './staff-session.ts';

const anonymous = createHttpClient({ getCsrfToken: () => '', onSessionRejected: () => undefined });

/** The token of an enrolment link (`/admin#enrol=<token>`): in the fragment, which never reaches a server's logs. */
const enrolmentInLink = () => /^#enrol=([A-Za-z0-9_-]{20,100})$/.exec(window.location.hash)?.[1];
/** The token of an invitation (`/admin#invite=<token>`, issue 31 item 7): the colleague chooses a password first. */
const invitationInLink = () => /^#invite=([A-Za-z0-9_-]{20,100})$/.exec(window.location.hash)?.[1];

/**
 * Staff sign-in: email and password, then the authenticator code. On the first sign-in — opened
 * from the single-use enrolment link the staff member was given — the server shows a QR code (and
 * the secret, to type in) to enrol, then the recovery codes, once.
 */
export function SignIn({ onSignedIn }: { onSignedIn: (session: StaffSessionValue) => void }) {
  const intl = useIntl();
  const describe = useDescribeError();
  const [enrolment, setEnrolment] = useState(enrolmentInLink);
  const [invitation, setInvitation] = useState(invitationInLink);
  // A link pasted into the address bar of this very page changes only the fragment: no reload.
  useEffect(() => {
    const follow = () => {
      setEnrolment(enrolmentInLink());
      setInvitation(invitationInLink());
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const [challenge, setChallenge] = useState<StaffChallenge | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; session: StaffSessionValue } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (e: unknown) => setError(describe(e));

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      setChallenge(await anonymous.post<StaffChallenge>('/api/admin/auth/login', { email: form.get('email'), password: form.get('password'), ...(enrolment ? { enrolment } : {}) }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function submitInvitation(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('passwordCheck')) return setError(intl.formatMessage({ id: 'admin.signin.passwordMismatch' }));
    setBusy(true);
    setError(null);
    try {
      setChallenge(await anonymous.post<StaffChallenge>('/api/admin/auth/invite', { invite: invitation, password: form.get('password') }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!challenge) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const session = await anonymous.post<StaffSession>('/api/admin/auth/verify', { challenge: challenge.challenge, code: form.get('code') });
      // The link is spent: it leaves the address bar (and the history entry) too.
      if (enrolment || invitation) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      const value = { user: session.user, expiresAt: session.expiresAt };
      if (session.recoveryCodes?.length) setRecovery({ codes: session.recoveryCodes, session: value });
      else onSignedIn(value);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  if (recovery) {
    return (
      <section className="admin-signin" aria-labelledby="admin-recovery-title">
        <h1 id="admin-recovery-title"><FormattedMessage id="admin.signin.recoveryTitle" /></h1>
        <p><FormattedMessage id="admin.signin.recoveryLead" /></p>
        <ol className="admin-recovery mono" data-testid="recovery-codes">
          {recovery.codes.map((code) => <li key={code}>{code}</li>)}
        </ol>
        <button type="button" className="button button--primary" autoFocus onClick={() => onSignedIn(recovery.session)}>
          <FormattedMessage id="admin.signin.recoverySaved" />
        </button>
      </section>
    );
  }

  return (
    <section className="admin-signin" aria-labelledby="admin-signin-title">
      <h1 id="admin-signin-title"><FormattedMessage id="admin.signin.title" /></h1>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      {enrolment && !challenge && <p data-testid="enrolment-link-lead"><FormattedMessage id="admin.signin.enrolLink" /></p>}
      {invitation && !challenge ? (
        <form key="invitation-step" onSubmit={(e) => void submitInvitation(e)} className="admin-form" data-testid="invitation-form">
          <p><FormattedMessage id="admin.signin.inviteLead" /></p>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.signin.newPassword" /></span>
            <input className="field__input" name="password" type="password" autoComplete="new-password" minLength={12} maxLength={128} required autoFocus />
          </label>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.signin.newPasswordCheck" /></span>
            <input className="field__input" name="passwordCheck" type="password" autoComplete="new-password" minLength={12} maxLength={128} required />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}><FormattedMessage id="admin.signin.next" /></button>
        </form>
      ) : !challenge ? (
        <form key="password-step" onSubmit={(e) => void submitPassword(e)} className="admin-form">
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.signin.email" /></span>
            <input className="field__input" name="email" type="email" autoComplete="username" required autoFocus />
          </label>
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.signin.password" /></span>
            <input className="field__input" name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}><FormattedMessage id="admin.signin.next" /></button>
        </form>
      ) : (
        // A form of its own (`key`): React must not reuse the password step's inputs, whose typed
        // value would otherwise show in clear in the code field (issue 29 item 5).
        <form key="code-step" onSubmit={(e) => void submitCode(e)} className="admin-form" autoComplete="off">
          {challenge.enrol && (
            <div className="admin-enrol" data-testid="totp-enrol">
              <p><FormattedMessage id="admin.signin.enrolLead" /></p>
              <img src={challenge.enrol.qrDataUrl} alt={intl.formatMessage({ id: 'admin.signin.qrAlt' })} width={220} height={220} />
              <p className="muted">
                <FormattedMessage id="admin.signin.secret" />{' '}
                <code className="mono" data-testid="totp-secret">{challenge.enrol.secret}</code>
              </p>
            </div>
          )}
          <label className="field">
            <span className="field__label"><FormattedMessage id="admin.signin.code" /></span>
            <input
              className="field__input mono"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              defaultValue=""
              maxLength={14}
              spellCheck={false}
              required
              autoFocus
              data-testid="totp-code"
            />
          </label>
          <p className="muted"><FormattedMessage id="admin.signin.codeHint" /></p>
          <button type="submit" className="button button--primary" disabled={busy}><FormattedMessage id="admin.signin.verify" /></button>
        </form>
      )}
    </section>
  );
}
