import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';

const STEPS: { title: MessageId; body: MessageId }[] = [
  { title: 'home.step1.title', body: 'home.step1.body' },
  { title: 'home.step2.title', body: 'home.step2.body' },
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
        {STEPS.map(({ title, body }, index) => (
          <li key={title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>
              <FormattedMessage id={title} />
            </h3>
            <p className="muted">
              <FormattedMessage id={body} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
