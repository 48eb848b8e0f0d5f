import { FormattedMessage } from 'react-intl';
import { AlertIcon } from './icons.tsx';

export interface Fact {
  confidence: 'confirmed' | 'medium' | 'unconfirmed';
  source: string;
}

/**
 * The visible "unconfirmed" (or "single source") label of a rule the operator has not confirmed;
 * opening it shows where the fact comes from. Confirmed facts carry no label.
 */
export function ConfidenceLabel({ fact }: { fact: Fact }) {
  if (fact.confidence === 'confirmed') return null;
  return (
    <details className={`confidence confidence--${fact.confidence}`} data-testid="confidence-label" data-confidence={fact.confidence}>
      <summary title={fact.source}>
        <AlertIcon size={14} />
        <FormattedMessage id={`rules.confidence.${fact.confidence}`} />
      </summary>
      <p>
        <FormattedMessage id="rules.confidence.source" />{' '}
        {/* Sources are recorded in English with the catalogue; the label around them is translated. */}
        <span lang="en">{fact.source}</span>
      </p>
    </details>
  );
}
