import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { ConfidenceLabel, type Fact } from './confidence-label.tsx';

/** One fact of a rules list (`<dl className="rules-facts">`): its label, its value and, when it has one, its provenance label. */
export function FactItem({ label, fact, children, testId }: { label: MessageId; fact?: Fact; children: ReactNode; testId?: string }) {
  return (
    <div className="rules-facts__item" data-testid={testId}>
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd>
        <span className="rules-facts__value">{children}</span>
        {fact && <ConfidenceLabel fact={fact} />}
      </dd>
    </div>
  );
}
