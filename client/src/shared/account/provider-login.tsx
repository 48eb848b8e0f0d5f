import './provider-login.css';
import type { OidcProviderInfo } from '@gp/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../api/services.tsx';
import { useNotify } from '../toasts/use-notify.ts';

/** The login providers the server is configured with (none: no buttons at all). */
export function useLoginProviders() {
  const http = useHttp();
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => http.get<{ providers: OidcProviderInfo[] }>('/api/auth/oidc/providers').then((body) => body.providers),
    staleTime: 10 * 60_000,
  });
}

/**
 * "Log in with LINE" (spec §1: sign up or log in through a messaging-app account): asks the server
 * for the provider's authorization URL (it keeps the PKCE verifier and nonce) and goes there; the
 * provider brings the browser back to /auth/provider.
 */
export function ProviderLoginButtons() {
  const http = useHttp();
  const notify = useNotify();
  const providers = useLoginProviders();
  const start = useMutation({
    mutationFn: (id: string) => http.post<{ url: string }>(`/api/auth/oidc/${encodeURIComponent(id)}/start`, { purpose: 'login' }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notify.error(error),
  });
  if (!providers.data?.length) return null;
  return (
    <div className="provider-login" data-testid="provider-login">
      <p className="provider-login__or muted">
        <FormattedMessage id="identity.or" />
      </p>
      {providers.data.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={`button button--block provider-login__button provider-login__button--${provider.id}`}
          disabled={start.isPending}
          onClick={() => start.mutate(provider.id)}
          data-testid={`login-with-${provider.id}`}
        >
          <FormattedMessage id="identity.loginWith" values={{ provider: provider.name }} />
        </button>
      ))}
      <p className="provider-login__note muted">
        <FormattedMessage id="identity.emailNeeded" />
      </p>
    </div>
  );
}
