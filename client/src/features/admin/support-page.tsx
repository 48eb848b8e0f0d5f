import type { SupportThread } from '@gp/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { io } from 'socket.io-client';
import { useDescribeError } from './describe.ts';
import { useConsole } from './staff-session.ts';
import { useObjectUrl } from '../../shared/ui/use-object-url.ts';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';
import { Moment } from '../../shared/time/moment.tsx';

const LIST_KEY = ['admin', 'support', 'list'] as const;
const threadKey = (id: string) => ['admin', 'support', 'thread', id] as const;

/** The staff socket's `support` push: any member's message (or a colleague's answer) re-reads the lists and the open thread. */
function useSupportFeed() {
  const { session } = useConsole();
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { staff: true } }); // the staff session cookie goes with the handshake
    socket.on('support', () => void queryClient.invalidateQueries({ queryKey: ['admin', 'support'] }));
    socket.io.on('reconnect', () => void queryClient.invalidateQueries({ queryKey: ['admin', 'support'] }));
    return () => {
      socket.close();
    };
  }, [session.user.id, queryClient]);
}

/** Open conversations first, then closed ones; each newest activity first (the server orders each list). */
function useThreads() {
  const { http } = useConsole();
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: async () => {
      const [open, closed] = await Promise.all(
        (['open', 'closed'] as const).map((status) => http.get<{ threads: SupportThread[] }>(`/api/admin/support/threads?status=${status}`).then((b) => b.threads)),
      );
      return [...open!, ...closed!];
    },
  });
}

/** A screenshot, fetched with the staff token (an <img src> would carry none). */
function Screenshot({ url }: { url: string }) {
  const { http } = useConsole();
  const intl = useIntl();
  const file = useQuery({ queryKey: ['admin', 'support', 'file', url], queryFn: () => http.blob(url), staleTime: Infinity });
  const objectUrl = useObjectUrl(file.data);
  if (!objectUrl) return null;
  return (
    <a href={objectUrl} target="_blank" rel="noreferrer" className="admin-support__shot">
      <img src={objectUrl} alt={intl.formatMessage({ id: 'messaging.screenshot' })} data-testid="staff-screenshot" />
    </a>
  );
}

/** Whose conversation: the member's name and email (their id only as the link's target and tooltip). */
function MemberName({ thread }: { thread: SupportThread }) {
  return (
    <span title={thread.memberId ? `#${thread.memberId}` : undefined}>
      {thread.memberName || <FormattedMessage id="admin.support.memberCol" />}
      {thread.memberEmail && <span className="muted"> · {thread.memberEmail}</span>}
    </span>
  );
}

function Conversation({ id }: { id: string }) {
  const { http } = useConsole();
  const describe = useDescribeError();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const thread = useQuery({ queryKey: threadKey(id), queryFn: () => http.get<SupportThread>(`/api/admin/support/threads/${id}`) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'support'] });

  async function answer(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await http.post(`/api/admin/support/threads/${id}/messages`, { body: body.trim() });
      setBody('');
      setError(null);
    } catch (failure) {
      setError(describe(failure));
    }
    await refresh();
  }
  async function close() {
    try {
      await http.post(`/api/admin/support/threads/${id}/close`);
    } catch (failure) {
      setError(describe(failure));
    }
    await refresh();
  }

  const t = thread.data;
  if (!t) return <p className="muted"><FormattedMessage id={thread.isError ? 'error.not_found' : 'app.loading'} /></p>;
  return (
    <section className="admin-panel admin-support__thread" aria-labelledby="admin-support-thread" data-testid="staff-conversation">
      <h2 id="admin-support-thread">
        {t.orderId ? <FormattedMessage id="messaging.orderSubject" values={{ order: t.orderId }} /> : t.subject}
      </h2>
      <p className="muted">
        <MemberName thread={t} />
        {' · '}
        <Link to={`/admin/members/${t.memberId}`}><FormattedMessage id="admin.support.openMember" /></Link>
        {' · '}
        <FormattedMessage id={t.status === 'open' ? 'admin.support.open' : 'admin.support.closed'} />
      </p>
      {error && <p className="notice notice--error" role="alert">{error}</p>}
      <ol className="admin-support__messages">
        {t.messages?.map((m) => (
          <li key={m.id} className={`admin-support__message admin-support__message--${m.author}`} data-testid={`staff-message-${m.author}`}>
            <span className="muted">
              <FormattedMessage id={m.author === 'staff' ? 'messaging.staff' : 'admin.support.memberSaid'} />
              {' · '}
              <Moment value={m.createdAt} length="short" />
            </span>
            <p>{m.body}</p>
            {m.attachment && <Screenshot url={m.attachment} />}
          </li>
        ))}
      </ol>
      <form className="admin-form" onSubmit={(e) => void answer(e)}>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.support.answer" /></span>
          <textarea className="field__input" value={body} onChange={(e) => setBody(e.target.value)} maxLength={4000} rows={3} data-testid="staff-answer" />
        </label>
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={!body.trim()}><FormattedMessage id="admin.support.send" /></button>
          {t.status === 'open' && (
            <button type="button" className="button button--ghost" onClick={() => void close()} data-testid="staff-close">
              <FormattedMessage id="admin.support.close" />
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/**
 * Customer service in the console (/admin/support, /admin/support/:id): conversations, open ones
 * first and newest activity first; open one to read it (marked read by staff), answer, close.
 * New messages arrive live on the staff socket.
 */
export function SupportPage() {
  useSupportFeed();
  const { id } = useParams();
  const threads = useThreads();
  return (
    <section aria-labelledby="admin-support-title">
      <h1 id="admin-support-title"><FormattedMessage id="admin.support.title" /></h1>
      <div className="admin-support">
        <TableWrap>
          <table className="table admin-table" data-testid="support-threads">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="admin.support.subject" /></th>
                <th scope="col"><FormattedMessage id="admin.support.memberCol" /></th>
                <th scope="col"><FormattedMessage id="admin.support.status" /></th>
                <th scope="col"><FormattedMessage id="admin.support.updated" /></th>
              </tr>
            </thead>
            <tbody>
              {threads.data?.map((t) => (
                <tr key={t.id} aria-selected={t.id === id} className={t.unread ? 'admin-support__unread' : undefined} data-testid="support-thread-row">
                  <td>
                    <Link to={`/admin/support/${t.id}`}>
                      {t.orderId ? <FormattedMessage id="messaging.orderSubject" values={{ order: t.orderId }} /> : t.subject}
                    </Link>
                    {t.unread && <span className="admin-badge admin-badge--alert"><FormattedMessage id="admin.support.new" /></span>}
                  </td>
                  <td data-testid="support-thread-member">
                    <MemberName thread={t} />
                  </td>
                  <td><FormattedMessage id={t.status === 'open' ? 'admin.support.open' : 'admin.support.closed'} /></td>
                  <td><Moment value={t.updatedAt} length="short" /></td>
                </tr>
              ))}
            </tbody>
          </table>
          {threads.data?.length === 0 && <p className="muted"><FormattedMessage id="admin.support.none" /></p>}
        </TableWrap>
        {id ? <Conversation key={id} id={id} /> : <p className="muted"><FormattedMessage id="admin.support.pick" /></p>}
      </div>
    </section>
  );
}
