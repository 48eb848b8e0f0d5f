import { fieldErrors, signupBody, type AuthResponse, type SignupBody } from '@gp/common';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { localeAtom } from '../../shared/i18n/locale-atom.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFieldErrors } from '../../shared/ui/use-field-errors.ts';
import { useStartSession } from './use-start-session.ts';

type SignupOutput = ReturnType<typeof signupBody.parse>;

/** Spec §2/§5 sign-up: validated on submit with the shared schema, server field errors shown in place. */
export function SignupForm() {
  const http = useHttp();
  const locale = useAtomValue(localeAtom);
  const notify = useNotify();
  const startSession = useStartSession();
  const { formRef, errors, showErrors, clearOnInput } = useFieldErrors();

  const signup = useMutation({
    mutationFn: (body: SignupOutput) => http.post<AuthResponse>('/api/auth/signup', body),
    onSuccess: (session) => startSession(session, 'auth.welcome'),
    onError: (error) => {
      const fields = serverFieldErrors(error, { email_taken: 'email' });
      if (fields) showErrors(fields);
      else notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: SignupBody = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
      passwordCheck: String(data.get('passwordCheck') ?? ''),
      promoOptIn: data.get('promoOptIn') === 'on',
      locale,
    };
    const parsed = signupBody.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    signup.mutate(parsed.data);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} onInput={clearOnInput} data-testid="signup-form">
      <TextField name="name" label="auth.name" autoComplete="name" error={errors.name} />
      <TextField name="email" label="auth.email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
      <TextField
        name="password"
        label="auth.password"
        type="password"
        autoComplete="new-password"
        hint="auth.passwordHint"
        error={errors.password}
      />
      <TextField
        name="passwordCheck"
        label="auth.passwordCheck"
        type="password"
        autoComplete="new-password"
        error={errors.passwordCheck}
      />
      <label className="checkbox">
        <input type="checkbox" name="promoOptIn" />
        <span>
          <FormattedMessage id="auth.promoOptIn" />
        </span>
      </label>
      <p className="form__note">
        <FormattedMessage
          id="auth.consent"
          values={{
            terms: (
              <Link to="/about/terms">
                <FormattedMessage id="auth.termsLink" />
              </Link>
            ),
            privacy: (
              <Link to="/about/privacy">
                <FormattedMessage id="auth.privacyLink" />
              </Link>
            ),
          }}
        />
      </p>
      <button type="submit" className="button button--primary button--block" disabled={signup.isPending}>
        <FormattedMessage id={signup.isPending ? 'auth.signingUp' : 'auth.signup'} />
      </button>
    </form>
  );
}
