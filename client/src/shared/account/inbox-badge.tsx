import './inbox-badge.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useHttp } from '../api/services.tsx';
import { useSocketEvent } from '../realtime/use-channel.ts';
import { MailIcon } from '../ui/icons.tsx';

/** The unread count's query key: the inbox page updates it after marking or deleting. */
export const INBOX_UNREAD_KEY = ['inbox', 'unread'] as const;
/** The window over which members re-read their count after a notice. */
const NOTICE_SPREAD_MS = 2_000;

/** The header's inbox link with the unread count, kept live by the `inbox` push (issue 15). */
export function InboxBadge() {
  const http = useHttp();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: INBOX_UNREAD_KEY,
    queryFn: () => http.get<{ unread: number }>('/api/inbox/unread').then((body) => body.unread),
    staleTime: 60_000,
  });
  useSocketEvent('inbox', (payload) => {
    queryClient.setQueryData(INBOX_UNREAD_KEY, payload.unread);
    // The open inbox page re-reads its list too.
    void queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] });
  });
  // A back-office notice goes to every signed-in socket at once: each re-reads its own count,
  // spread over a few seconds so thousands of members do not ask in the same instant.
  useSocketEvent('notice', () => {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: INBOX_UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: ['inbox', 'list'] });
    }, Math.random() * NOTICE_SPREAD_MS);
  });
  const count = unread.data ?? 0;
  const label = intl.formatMessage({ id: 'inbox.unreadLabel' }, { count });
  return (
    <Link to="/inbox" className="icon-button inbox-badge" aria-label={label} title={label} data-testid="header-inbox">
      <MailIcon size={18} />
      {count > 0 && (
        <span className="inbox-badge__count" data-testid="header-inbox-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
