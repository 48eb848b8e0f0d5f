import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDescribeError } from './describe.ts';
import { useConsole } from './staff-session.ts';

/** The segments the server can address (inbox/repo.ts `insertNotice`). */
const SEGMENTS = ['all', 'depositors', 'recent'] as const;

/**
 * A notice to members' inboxes (POST /api/admin/inbox/notices): to everyone or a segment. Members
 * who are connected see their unread count move at once (the `notice` push).
 */
export function NoticesPage() {
  const intl = useIntl();
  const { http } = useConsole();
  const describe = useDescribeError();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const link = String(form.get('link') ?? '').trim();
    setSending(true);
    try {
      const res = await http.post<{ recipients: number }>('/api/admin/inbox/notices', {
        title: String(form.get('title')),
        body: String(form.get('body')),
        segment: String(form.get('segment')),
        ...(link ? { link } : {}),
      });
      setMessage({ tone: 'success', text: intl.formatMessage({ id: 'admin.notices.sent' }, { count: res.recipients }) });
      formElement.reset();
    } catch (error) {
      setMessage({ tone: 'error', text: describe(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="admin-notices-title" className="admin-notices">
      <h1 id="admin-notices-title"><FormattedMessage id="admin.notices.title" /></h1>
      <p className="muted"><FormattedMessage id="admin.notices.lead" /></p>
      {message && <p className={`notice notice--${message.tone}`} role="status" data-testid="notice-result">{message.text}</p>}
      <form className="admin-panel admin-form" onSubmit={(e) => void send(e)} data-testid="notice-form">
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.notices.segment" /></span>
          <select className="field__input" name="segment" defaultValue="all">
            {SEGMENTS.map((segment) => (
              <option key={segment} value={segment}>{intl.formatMessage({ id: `admin.notices.segment.${segment}` })}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.notices.subject" /></span>
          <input className="field__input" name="title" required maxLength={120} />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.notices.body" /></span>
          <textarea className="field__input" name="body" required maxLength={2000} rows={5} />
        </label>
        <label className="field">
          <span className="field__label"><FormattedMessage id="admin.notices.link" /></span>
          <input className="field__input" name="link" maxLength={200} pattern="/[\w\-/?=&.%]*" placeholder="/promotions" />
        </label>
        <div>
          <button type="submit" className="button button--primary" disabled={sending}><FormattedMessage id="admin.notices.send" /></button>
        </div>
      </form>
    </section>
  );
}
