import { changePasswordBody, fieldErrors, type AccountSession, type AuthResponse, type ChangePasswordBody } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom, useStore } from 'jotai';
import type { FormEvent } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { authPathFor, navigateTo } from '../../shared/navigation/navigator.ts';
import { endSession } from '../../shared/session/end-session.ts';
import { startSessionAtom } from '../../shared/session/session-atoms.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { serverFieldErrors } from '../../shared/ui/field-errors.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useFieldErrors } from '../../shared/ui/use-field-errors.ts';

const SESSIONS_KEY = ['account', 'sessions'] as const;

/** A short, readable name for a browser from its User-Agent ("Chrome on Android"), or the raw text. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Chrome\//.test(userAgent) ? 'Chrome' : /Firefox\//.test(userAgent) ? 'Firefox' : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return browser && system ? `${browser} · ${system}` : userAgent.slice(0, 60);
}

/** The member's sessions (issue 29): where each was opened and last used, "end" for the others, and "log out everywhere". */
export function SessionsSection() {
  const http = useHttp();
  const notify = useNotify();
  const store = useStore();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: () => http.get<{ items: AccountSession[] }>('/api/account/sessions') });
  const end = useMutation({
    mutationFn: (id: string) => http.request<void>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      notify.success({ id: 'account.sessions.ended' });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => notify.error(error),
  });
  const endAll = useMutation({
    mutationFn: () => http.post<void>('/api/account/sessions/end-all', undefined, { ignoreSessionRejection: true }),
    onSuccess: () => {
      endSession(store, queryClient);
      notify.success({ id: 'account.sessions.endedAll' });
      navigateTo(authPathFor('/account', 'login'));
    },
    onError: (error) => notify.error(error),
  });
  const items = sessions.data?.items;

  return (
    <section className="card account-card" aria-labelledby="account-sessions">
      <h2 id="account-sessions">
        <FormattedMessage id="account.sessions.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="account.sessions.lead" />
      </p>
      {!items ? (
        <p className="muted">{sessions.isError ? <FormattedMessage id="app.error.unknown" /> : <FormattedMessage id="app.loading" />}</p>
      ) : (
        <ul className="login-methods" data-testid="sessions-list">
          {items.map((session) => (
            <li key={session.id} className="login-methods__item" data-testid="session-item" data-current={session.current || undefined}>
              <span className="login-methods__name">
                {deviceName(session.userAgent)}
                {session.current && (
                  <>
                    {' '}
                    <span className="badge badge--success">
                      <FormattedMessage id="account.sessions.thisDevice" />
                    </span>
                  </>
                )}
              </span>
              <span className="muted">
                <FormattedMessage
                  id="account.sessions.seen"
                  values={{
                    address: session.address ?? '—',
                    when: <FormattedDate key="w" value={session.lastSeenAt} dateStyle="medium" timeStyle="short" timeZoneName="short" />,
                  }}
                />
              </span>
              {session.current ? (
                <span />
              ) : (
                <button type="button" className="button button--ghost button--small" disabled={end.isPending} onClick={() => end.mutate(session.id)} data-testid="end-session">
                  <FormattedMessage id="account.sessions.end" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p>
        <button type="button" className="button button--ghost" disabled={endAll.isPending} onClick={() => endAll.mutate()} data-testid="end-all-sessions">
          <FormattedMessage id="account.sessions.endAll" />
        </button>
      </p>
    </section>
  );
}

type ChangePasswordOutput = ReturnType<typeof changePasswordBody.parse>;

/** Change the password: the current one, the new one twice, and (checked) end the other sessions. The session is renewed. */
export function ChangePasswordSection() {
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const startSession = useSetAtom(startSessionAtom);
  const { formRef, errors, showErrors, clearOnInput } = useFieldErrors();
  const change = useMutation({
    mutationFn: (body: ChangePasswordOutput) => http.post<AuthResponse>('/api/account/password', body),
    onSuccess: async (session) => {
      startSession(session); // the answer set the new session's cookies: adopt its CSRF token
      formRef.current?.reset();
      notify.success({ id: 'account.password.changed' });
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error, { invalid_credentials: 'currentPassword' });
      if (fields) showErrors(fields);
      else notify.error(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input: ChangePasswordBody = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      password: String(data.get('password') ?? ''),
      passwordCheck: String(data.get('passwordCheck') ?? ''),
      endOtherSessions: data.get('endOtherSessions') === 'on',
    };
    const parsed = changePasswordBody.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error));
    showErrors({});
    change.mutate(parsed.data);
  };

  return (
    <section className="card account-card" aria-labelledby="account-password">
      <h2 id="account-password">
        <FormattedMessage id="account.password.title" />
      </h2>
      <form ref={formRef} className="form" noValidate onSubmit={submit} onInput={clearOnInput} data-testid="change-password-form">
        <TextField name="currentPassword" label="account.password.current" type="password" autoComplete="current-password" error={errors.currentPassword} />
        <TextField name="password" label="account.password.new" type="password" autoComplete="new-password" hint="auth.passwordHint" error={errors.password} />
        <TextField name="passwordCheck" label="auth.passwordCheck" type="password" autoComplete="new-password" error={errors.passwordCheck} />
        <label className="checkbox">
          <input type="checkbox" name="endOtherSessions" defaultChecked />
          <span>
            <FormattedMessage id="account.password.endOthers" />
          </span>
        </label>
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          <FormattedMessage id="account.password.submit" />
        </button>
      </form>
    </section>
  );
}
