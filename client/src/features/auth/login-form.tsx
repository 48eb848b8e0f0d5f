import { fieldErrors, loginBody, type AuthResponse } from '@gp/common';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFieldErrors } from '../../shared/ui/use-field-errors.ts';
import { useStartSession } from './use-start-session.ts';

type LoginOutput = ReturnType<typeof loginBody.parse>;

export function LoginForm() {
  const http = useHttp();
  const notify = useNotify();
  const startSession = useStartSession();
  const { formRef, errors, showErrors, clearOnInput } = useFieldErrors();

  const login = useMutation({
    mutationFn: (body: LoginOutput) => http.post<AuthResponse>('/api/auth/login', body),
    onSuccess: (session) => startSession(session, 'auth.welcomeBack'),
    onError: (error) => {
      // A wrong password is said under the password field (and in a toast); other field problems in place.
      const fields = serverFieldErrors(error, { invalid_credentials: 'password' });
      if (fields) showErrors(fields);
      if (!fields || fields.password === 'invalid_credentials') notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = loginBody.safeParse({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    login.mutate(parsed.data);
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit} onInput={clearOnInput} data-testid="login-form">
      <TextField name="email" label="auth.email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
      <TextField name="password" label="auth.password" type="password" autoComplete="current-password" error={errors.password} />
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        <FormattedMessage id={login.isPending ? 'auth.loggingIn' : 'auth.login'} />
      </button>
    </form>
  );
}
