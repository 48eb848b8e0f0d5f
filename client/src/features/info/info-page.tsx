import './info.css';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { usePageTitle } from '../../shared/site/use-page-title.ts';

const PAGES: { to: string; label: MessageId }[] = [
  { to: '/about/company', label: 'footer.company' },
  { to: '/about/privacy', label: 'footer.privacy' },
  { to: '/about/terms', label: 'footer.terms' },
  { to: '/responsible-play', label: 'footer.responsiblePlay' },
  { to: '/help/contact', label: 'footer.contact' },
  { to: '/help/faq', label: 'footer.faq' },
];

/** The frame of the About and Help pages: their title, the text, and links between them. */
export function InfoPage({ title, children }: { title: MessageId; children: ReactNode }) {
  usePageTitle(title);
  const intl = useIntl();
  return (
    <div className="container page info">
      <nav className="info__nav" aria-label={`${intl.formatMessage({ id: 'footer.about' })} / ${intl.formatMessage({ id: 'footer.help' })}`}>
        <ul>
          {PAGES.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to}>
                <FormattedMessage id={label} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="card info__body prose">
        <h1>
          <FormattedMessage id={title} />
        </h1>
        {children}
      </article>
    </div>
  );
}

/** A titled section of an info page. */
export function InfoSection({ title, body }: { title: MessageId; body: MessageId }) {
  return (
    <section>
      <h2>
        <FormattedMessage id={title} />
      </h2>
      <p>
        <FormattedMessage id={body} />
      </p>
    </section>
  );
}
