import { fieldErrors, signupBody, signupVerifyBody, type AuthResponse, type SignupStarted } from '@gp/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFieldErrors } from '../../shared/ui/use-field-errors.ts';
import { useStartSession } from './use-start-session.ts';

/** A sign-up form as sent (kept in memory only, to send again for a new code). */
export type SignupInput = ReturnType<typeof signupBody.parse>;
type VerifyInput = ReturnType<typeof signupVerifyBody.parse>;

/** What the emailed link carries in its fragment (`/auth#email=…&code=…`: a fragment never reaches a server's logs). */
export interface SignupLink {
  email: string;
  code: string;
}

/** The sign-up link in a location's fragment, if it holds one. */
export function signupLinkOf(hash: string): SignupLink | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email');
  const code = params.get('code');
  return email && code ? { email, code } : undefined;
}

/** A new code may be asked for this long after the last one was sent. */
const RESEND_AFTER_SECONDS = 60;

/** Whole seconds left until `since` + `seconds`, counting down once a second. */
function useSecondsLeft(since: number, seconds: number) {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.min(seconds, Math.max(0, Math.ceil((since + seconds * 1000 - now) / 1000)));
  useEffect(() => {
    if (left === 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left, now]);
  return left;
}

interface CodeStepProps {
  email: string;
  /** The password just chosen in the form; absent when the step was opened from the emailed link (then it is asked for). */
  password?: string;
  /** The code from the emailed link. */
  code?: string;
  /** The form, to send again for a new code (not when opened from the link). */
  resend?: { form: SignupInput; sentAt: number; onResent: () => void };
  /** Back to the form: another email, or (from the link) a new sign-up. */
  onStartAgain: () => void;
}

/**
 * The second step of sign-up: the 6-digit code mailed to `email` (a one-time-code field, so phones
 * offer the code from the message) and, from the emailed link, the password chosen with it. The
 * account is made and signed in when both are right.
 */
export function SignupCodeStep({ email, password, code, resend, onStartAgain }: CodeStepProps) {
  const http = useHttp();
  const notify = useNotify();
  const startSession = useStartSession();
  const { formRef, errors, showErrors, clearOnInput } = useFieldErrors();

  const verify = useMutation({
    mutationFn: (body: VerifyInput) => http.post<AuthResponse>('/api/auth/signup/verify', body),
    onSuccess: (session) => startSession(session, 'auth.welcome'),
    onError: (error) => {
      const fields = serverFieldErrors(error, { code_invalid: 'code', code_expired: 'code' });
      if (fields) showErrors(fields);
      else notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = signupVerifyBody.safeParse({ email, code: String(data.get('code') ?? ''), password: password ?? String(data.get('password') ?? '') });
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    verify.mutate(parsed.data);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} onInput={clearOnInput} data-testid="signup-code-form">
      <p className="notice notice--info" role="status" data-testid="signup-code-sent">
        {/* One span: .notice lays its children out side by side. */}
        <span>
          <FormattedMessage id="auth.code.lead" values={{ email: <strong className="auth__code-email">{email}</strong> }} />
        </span>
      </p>
      <TextField
        name="code"
        label="auth.code.label"
        inputMode="numeric"
        autoComplete="one-time-code"
        defaultValue={code}
        // Straight into the field the member came for: the code, or the password when the link brought the code.
        autoFocus={!code}
        error={errors.code}
      />
      {password === undefined && (
        <TextField name="password" label="auth.code.password" type="password" autoComplete="current-password" autoFocus={Boolean(code)} error={errors.password} />
      )}
      <button type="submit" className="button button--primary button--block" disabled={verify.isPending}>
        <FormattedMessage id={verify.isPending ? 'auth.code.confirming' : 'auth.code.confirm'} />
      </button>
      {/* After the form (not from the mail's link, which only a code mail carries): an owner got a reminder, not a code. */}
      {resend && (
        <p className="form__note">
          <FormattedMessage id="auth.code.existing" />
        </p>
      )}
      <div className="button-row auth__code-actions">
        {resend && <ResendButton email={email} {...resend} />}
        <button type="button" className="button button--ghost button--small" onClick={onStartAgain} data-testid="signup-start-again">
          <FormattedMessage id={resend ? 'auth.code.changeEmail' : 'auth.code.signupAgain'} />
        </button>
      </div>
    </form>
  );
}

/** "Send a new code", waiting RESEND_AFTER_SECONDS after the last one: the form again, which replaces the older code. */
function ResendButton({ email, form, sentAt, onResent }: { email: string } & NonNullable<CodeStepProps['resend']>) {
  const http = useHttp();
  const notify = useNotify();
  const secondsLeft = useSecondsLeft(sentAt, RESEND_AFTER_SECONDS);
  const again = useMutation({
    mutationFn: () => http.post<SignupStarted>('/api/auth/signup', form),
    onSuccess: () => {
      notify.success({ id: 'auth.code.resent', values: { email } });
      onResent();
    },
    onError: (error) => notify.error(error),
  });
  return (
    <button type="button" className="button button--ghost button--small" disabled={secondsLeft > 0 || again.isPending} onClick={() => again.mutate()} data-testid="signup-resend">
      {secondsLeft > 0 ? <FormattedMessage id="auth.code.resendIn" values={{ seconds: secondsLeft }} /> : <FormattedMessage id="auth.code.resend" />}
    </button>
  );
}
