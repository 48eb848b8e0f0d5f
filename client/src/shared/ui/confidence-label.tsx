import { FormattedMessage } from 'react-intl';
import { AlertIcon } from './icons.tsx';

export interface Fact {
  confidence: 'confirmed' | 'medium' | 'unconfirmed';
  source: string;
}

/**
 * The visible "to be confirmed" (or "one source") label of a rule our sources do not confirm;
 * opening it says, in the member's words, what that means and that the lottery's official
 * announcement prevails. The fact's `source` is an English note for operators and stays off the
 * page. Confirmed facts carry no label.
 */
export function ConfidenceLabel({ fact }: { fact: Fact }) {
  if (fact.confidence === 'confirmed') return null;
  return (
    <details className={`confidence confidence--${fact.confidence}`} data-testid="confidence-label" data-confidence={fact.confidence}>
      <summary>
        <AlertIcon size={14} />
        <FormattedMessage id={`rules.confidence.${fact.confidence}`} />
      </summary>
      <p>
        <FormattedMessage id={fact.confidence === 'medium' ? 'rules.confidence.mediumExplain' : 'rules.confidence.unconfirmedExplain'} />
      </p>
    </details>
  );
}
