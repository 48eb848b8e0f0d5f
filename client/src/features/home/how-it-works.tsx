import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

/** The four steps; a step the member can take from here links to where it is taken. */
const STEPS: { title: MessageId; body: MessageId; link?: { to: string; label: MessageId } }[] = [
  { title: 'home.step1.title', body: 'home.step1.body' },
  { title: 'home.step2.title', body: 'home.step2.body', link: { to: '/deposit', label: 'home.step2.link' } },
  { title: 'home.step3.title', body: 'home.step3.body' },
  { title: 'home.step4.title', body: 'home.step4.body' },
];

export function HowItWorks() {
  return (
    <section className="container section" aria-labelledby="steps-title">
      <header className="section__header">
        <h2 id="steps-title">
          <FormattedMessage id="home.steps.title" />
        </h2>
      </header>
      <ol className="steps">
        {STEPS.map(({ title, body, link }, index) => (
          <li key={title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>
              <FormattedMessage id={title} />
            </h3>
            <p className="muted">
              <FormattedMessage id={body} />
              {link && (
                <>
                  {' '}
                  <Link to={link.to} data-testid={`${title}-link`}>
                    <FormattedMessage id={link.label} />
                  </Link>
                </>
              )}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
