import { FormattedMessage } from 'react-intl';
import { InfoPage } from './info-page.tsx';

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

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
            </p>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}
