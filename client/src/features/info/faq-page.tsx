import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { InfoPage } from './info-page.tsx';

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** An answer that names a page links to it: "How do I get GPoints?" to the deposit page. */
const ANSWER_LINKS: Partial<Record<(typeof QUESTIONS)[number], { to: string; label: MessageId }>> = {
  2: { to: '/deposit', label: 'info.faq.a2Link' },
};

export function FaqPage() {
  return (
    <InfoPage title="info.faq.title">
      <div className="faq">
        {QUESTIONS.map((n) => (
          <details key={n} className="faq__item" id={`faq-${n}`}>
            <summary>
              <FormattedMessage id={`info.faq.q${n}`} />
            </summary>
            <p>
              <FormattedMessage id={`info.faq.a${n}`} />
              {ANSWER_LINKS[n] && (
                <>
                  {' '}
                  <Link to={ANSWER_LINKS[n].to} data-testid={`faq-${n}-link`}>
                    <FormattedMessage id={ANSWER_LINKS[n].label} />
                  </Link>
                </>
              )}
            </p>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}
