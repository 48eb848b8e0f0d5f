import './messaging.css';
import type { SupportThread } from '@gp/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useHttp } from '../../shared/api/services.tsx';
import { useSocketEvent } from '../../shared/realtime/use-channel.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';
import { useNotify } from '../../shared/toasts/use-notify.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useObjectUrl } from '../../shared/ui/use-object-url.ts';
import { Moment } from '../../shared/time/moment.tsx';

const THREADS_KEY = ['support', 'threads'] as const;
const threadKey = (id: string) => ['support', 'thread', id] as const;

/** What the server takes (platform/upload.ts): PNG, JPEG or WebP, one per message, at most 5 MB. */
const SCREENSHOT_TYPES = 'image/png,image/jpeg,image/webp';
const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** The request body: JSON, or multipart when a screenshot goes with it. */
export function messageBody(fields: Record<string, string>, screenshot: File | null): Record<string, string> | FormData {
  if (!screenshot) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('screenshot', screenshot);
  return form;
}

/** A message's screenshot: fetched with the member's token (an <img src> would carry none), shown from memory. */
function Screenshot({ url }: { url: string }) {
  const http = useHttp();
  const intl = useIntl();
  const file = useQuery({ queryKey: ['support', 'attachment', url], queryFn: () => http.blob(url), staleTime: Infinity });
  const objectUrl = useObjectUrl(file.data);
  if (!objectUrl) return null;
  return (
    <a href={objectUrl} target="_blank" rel="noreferrer" className="bubble__attachment">
      <img src={objectUrl} alt={intl.formatMessage({ id: 'messaging.screenshot' })} data-testid="message-screenshot" />
    </a>
  );
}

/** A message box, an optional screenshot and the send button (a new conversation, or a reply). */
function Composer({ onSend, pending, label }: { onSend: (body: string, screenshot: File | null) => void; pending: boolean; label: 'messaging.send' | 'messaging.start' }) {
  const intl = useIntl();
  const notify = useNotify();
  const [body, setBody] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    onSend(body.trim(), screenshot);
    setBody('');
    setScreenshot(null);
    if (fileInput.current) fileInput.current.value = '';
  };
  const choose = (file: File | undefined) => {
    if (file && (file.size > SCREENSHOT_MAX_BYTES || !SCREENSHOT_TYPES.split(',').includes(file.type))) {
      notify.info({ id: 'messaging.screenshotInvalid' });
      if (fileInput.current) fileInput.current.value = '';
      return setScreenshot(null);
    }
    setScreenshot(file ?? null);
  };
  return (
    <form className="composer" onSubmit={submit} data-testid="messaging-composer">
      <textarea
        className="field__input composer__input"
        value={body}
        maxLength={4000}
        rows={3}
        placeholder={intl.formatMessage({ id: 'messaging.placeholder' })}
        aria-label={intl.formatMessage({ id: 'messaging.placeholder' })}
        onChange={(event) => setBody(event.target.value)}
      />
      <label className="composer__file">
        <span className="muted"><FormattedMessage id="messaging.attach" /></span>
        <input ref={fileInput} type="file" accept={SCREENSHOT_TYPES} onChange={(event) => choose(event.target.files?.[0])} data-testid="messaging-screenshot" />
      </label>
      <button type="submit" className="button button--primary" disabled={pending || !body.trim()}>
        <FormattedMessage id={label} />
      </button>
    </form>
  );
}

function Conversation({ id }: { id: string }) {
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const thread = useQuery({ queryKey: threadKey(id), queryFn: () => http.get<SupportThread>(`/api/support/threads/${id}`) });
  const reply = useMutation({
    mutationFn: ({ body, screenshot }: { body: string; screenshot: File | null }) => http.post(`/api/support/threads/${id}/messages`, messageBody({ body }, screenshot)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support'] }),
    onError: (error) => notify.error(error),
  });
  if (!thread.data) {
    return (
      <p className="muted">
        <FormattedMessage id={thread.isError ? 'error.not_found' : 'app.loading'} />
      </p>
    );
  }
  return (
    <section className="conversation" aria-label={thread.data.subject} data-testid="conversation">
      {thread.data.orderId && (
        <p className="notice notice--info">
          <FormattedMessage id="messaging.aboutOrder" values={{ order: thread.data.orderId }} />
        </p>
      )}
      <ol className="conversation__messages">
        {thread.data.messages?.map((message) => (
          <li key={message.id} className={`bubble bubble--${message.author}`} data-testid={`message-${message.author}`}>
            <span className="bubble__who">
              <FormattedMessage id={message.author === 'staff' ? 'messaging.staff' : 'messaging.you'} />
            </span>
            <p className="bubble__body">{message.body}</p>
            {message.attachment && <Screenshot url={message.attachment} />}
            <span className="bubble__time muted">
              <Moment value={message.createdAt} length="short" />
            </span>
          </li>
        ))}
      </ol>
      <Composer label="messaging.send" pending={reply.isPending} onSend={(body, screenshot) => reply.mutate({ body, screenshot })} />
    </section>
  );
}

/**
 * `/messaging-v1`: conversations with customer service. `?order=…` starts one about that order
 * (where "There is an issue with the order, contact customer service" leads); `?thread=…` opens one.
 */
export function MessagingPage() {
  usePageTitle('messaging.title');
  const intl = useIntl();
  const http = useHttp();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selected = params.get('thread');
  const order = params.get('order');
  const threads = useQuery({ queryKey: THREADS_KEY, queryFn: () => http.get<{ threads: SupportThread[] }>('/api/support/threads').then((b) => b.threads) });
  useSocketEvent('support', () => {
    void queryClient.invalidateQueries({ queryKey: ['support'] });
  });
  const start = useMutation({
    mutationFn: ({ body, screenshot }: { body: string; screenshot: File | null }) =>
      http.post<SupportThread>('/api/support/threads', messageBody({ body, ...(order ? { orderId: order } : {}) }, screenshot)),
    onSuccess: async (thread) => {
      await queryClient.invalidateQueries({ queryKey: THREADS_KEY });
      setParams({ thread: thread.id });
    },
    onError: (error) => notify.error(error),
  });
  const composing = !selected;

  return (
    <div className="container page">
      <PageHeader title="messaging.title" lead="messaging.lead" />
      <div className="messaging">
        <nav className="messaging__threads card" aria-label={intl.formatMessage({ id: 'messaging.threads' })}>
          <button type="button" className="button button--primary button--small button--block" onClick={() => setParams({})} data-testid="messaging-new">
            <FormattedMessage id="messaging.new" />
          </button>
          <ul className="thread-list">
            {threads.data?.map((thread) => (
              <li key={thread.id}>
                <button
                  type="button"
                  className={`thread-list__item${thread.id === selected ? ' thread-list__item--active' : ''}${thread.unread ? ' thread-list__item--unread' : ''}`}
                  onClick={() => setParams({ thread: thread.id })}
                  data-testid="thread-item"
                >
                  <span className="thread-list__subject">
                    {thread.orderId ? <FormattedMessage id="messaging.orderSubject" values={{ order: thread.orderId }} /> : thread.subject}
                  </span>
                  <span className="muted thread-list__time">
                    <FormattedDate value={thread.updatedAt} dateStyle="short" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {threads.data?.length === 0 && (
            <p className="muted">
              <FormattedMessage id="messaging.none" />
            </p>
          )}
        </nav>
        <div className="messaging__main card">
          {composing ? (
            <section data-testid="messaging-start">
              <h2>
                <FormattedMessage id="messaging.new" />
              </h2>
              {order && (
                <p className="notice notice--info" data-testid="messaging-order">
                  <FormattedMessage id="messaging.aboutOrder" values={{ order }} />
                </p>
              )}
              <Composer label="messaging.start" pending={start.isPending} onSend={(body, screenshot) => start.mutate({ body, screenshot })} />
            </section>
          ) : (
            <Conversation id={selected} />
          )}
        </div>
      </div>
    </div>
  );
}
