import { INBOX_KINDS, type InboxKind, type NotificationPreferences as Preferences } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useHttp } from '../../shared/api/services.tsx';
import { useNotify } from '../../shared/toasts/use-notify.ts';

const KEY = ['inbox', 'preferences'] as const;

/** Which inbox kinds also go by email (every kind always reaches the inbox). */
export function NotificationPreferences() {
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const preferences = useQuery({ queryKey: KEY, queryFn: () => http.get<Preferences>('/api/inbox/preferences') });
  const save = useMutation({
    mutationFn: (emailKinds: InboxKind[]) => http.request<Preferences>('PUT', '/api/inbox/preferences', { body: { emailKinds } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      notify.success({ id: 'account.preferencesSaved' });
    },
    onError: (error) => notify.error(error),
  });
  const chosen = new Set(preferences.data?.emailKinds ?? []);
  const toggle = (kind: InboxKind) => {
    const next = new Set(chosen);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    save.mutate(INBOX_KINDS.filter((k) => next.has(k)));
  };
  return (
    <section className="card account-card" aria-labelledby="account-notifications">
      <h2 id="account-notifications">
        <FormattedMessage id="account.notifications" />
      </h2>
      <p className="muted">
        <FormattedMessage id="account.notificationsLead" />
      </p>
      <ul className="preference-list" data-testid="notification-preferences">
        {INBOX_KINDS.map((kind) => (
          <li key={kind}>
            <label className="preference-list__item">
              <input
                type="checkbox"
                checked={chosen.has(kind)}
                disabled={!preferences.data || save.isPending}
                onChange={() => toggle(kind)}
                data-testid={`email-kind-${kind}`}
              />
              <FormattedMessage id={`inbox.kind.${kind}`} />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
