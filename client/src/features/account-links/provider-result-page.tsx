import './account-links.css';
import type { AuthResponse, OidcResult } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useHttp } from '../../shared/api/services.tsx';
import { describeError } from '../../shared/i18n/describe-error.ts';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { startSessionAtom } from '../../shared/session/session-atoms.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { TextField } from '../../shared/ui/text-field.tsx';

type SignedIn = Extract<OidcResult, { status: 'signed_in' }>;

/** Signs the member in with what the provider login produced, like the login form does. */
function useSignIn() {
  const startSession = useSetAtom(startSessionAtom);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  return (result: SignedIn) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.site[0] });
    const session: AuthResponse = { token: result.token, user: { ...result.user, locale: 'zh-TW', role: 'member' } };
    startSession(session);
    // /api/me replaces the placeholder locale and role at once (the header keeps them in step).
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    notify.success({ id: 'auth.welcomeBack', values: { name: result.user.name } });
    void navigate('/wallet', { replace: true });
  };
}

const FAILURE_MESSAGES: Record<Extract<OidcResult, { status: 'failed' }>['code'], MessageId> = {
  token_invalid: 'error.token_invalid',
  identity_taken: 'error.identity_taken',
  cancelled: 'identity.cancelled',
  provider_unavailable: 'error.provider_unavailable',
};

/** The password step: an account with this email exists, so its password proves it is yours, once. */
function LinkWithPassword({ ticket, email, provider }: { ticket: string; email: string; provider: string }) {
  const http = useHttp();
  const signIn = useSignIn();
  const link = useMutation({
    mutationFn: (password: string) => http.post<OidcResult>('/api/auth/oidc/link-password', { ticket, email, password }),
    onSuccess: (result) => {
      if (result.status === 'signed_in') signIn(result);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    link.mutate(String(new FormData(event.currentTarget).get('password') ?? ''));
  };
  const error = link.error ? describeError(link.error) : undefined;
  return (
    <form className="form" noValidate onSubmit={submit} data-testid="provider-link-form">
      <p>
        <FormattedMessage id="identity.linkRequired" values={{ provider: providerName(provider), email: <strong key="e">{email}</strong> }} />
      </p>
      <TextField name="password" label="auth.password" type="password" autoComplete="current-password" />
      {error && (
        <p className="notice notice--error" role="alert">
          {'id' in error ? <FormattedMessage id={error.id} values={error.values} /> : error.text}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={link.isPending}>
        <FormattedMessage id="identity.linkAndLogin" values={{ provider: providerName(provider) }} />
      </button>
    </form>
  );
}

/** The catalogue id of an API error (a ticket already used: `error.link_expired`). */
function messageIdOf(error: unknown): MessageId {
  const described = describeError(error);
  return 'id' in described ? described.id : 'app.error.unknown';
}

const providerName = (id: string) => (id === 'line' ? 'LINE' : id);

function Outcome({ result }: { result: OidcResult }) {
  switch (result.status) {
    case 'signed_in':
      return (
        <p className="muted">
          <FormattedMessage id="app.loading" />
        </p>
      );
    case 'linked':
      return (
        <div className="notice notice--success" role="status" data-testid="provider-linked">
          <p>
            <FormattedMessage id="identity.linked" values={{ provider: providerName(result.provider) }} />
          </p>
          <Link to="/account">
            <FormattedMessage id="account.title" />
          </Link>
        </div>
      );
    case 'no_email':
      return (
        <div className="notice notice--error" role="alert" data-testid="provider-no-email">
          <p>
            <FormattedMessage id="error.messaging_email_unbound" />
          </p>
          <Link to="/auth" className="button button--primary">
            <FormattedMessage id="identity.registerAnotherWay" />
          </Link>
        </div>
      );
    case 'link_required':
      return null;
    case 'failed':
      return <Problem id={FAILURE_MESSAGES[result.code]} />;
  }
}

function Problem({ id }: { id: MessageId }) {
  return (
    <div className="notice notice--error" role="alert" data-testid="provider-failed">
      <p>
        <FormattedMessage id={id} />
      </p>
      <Link to="/auth?mode=login">
        <FormattedMessage id="identity.tryAgain" />
      </Link>
    </div>
  );
}

/** `/auth/provider?ticket=…`: where a provider login lands (see server/src/auth/oidc-service.ts). */
export function ProviderResultPage() {
  usePageTitle('identity.title');
  const http = useHttp();
  const signIn = useSignIn();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const error = params.get('error');
  const result = useQuery({
    queryKey: ['auth', 'provider-result', ticket],
    queryFn: () => http.post<OidcResult>('/api/auth/oidc/result', { ticket }),
    enabled: Boolean(ticket),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const done = useRef(false);
  useEffect(() => {
    if (result.data?.status === 'signed_in' && !done.current) {
      done.current = true;
      signIn(result.data);
    }
  }, [result.data, signIn]);

  return (
    <div className="container page page--narrow">
      <section className="card account-card" aria-labelledby="provider-title">
        <h1 id="provider-title">
          <FormattedMessage id="identity.title" />
        </h1>
        {!ticket || error ? (
          <Problem id={error === 'link_expired' || !ticket ? 'error.link_expired' : 'error.token_invalid'} />
        ) : result.isError ? (
          <Problem id={messageIdOf(result.error)} />
        ) : !result.data ? (
          <p className="muted">
            <FormattedMessage id="app.loading" />
          </p>
        ) : result.data.status === 'link_required' ? (
          <LinkWithPassword ticket={ticket} email={result.data.email} provider={result.data.provider} />
        ) : (
          <Outcome result={result.data} />
        )}
      </section>
    </div>
  );
}
