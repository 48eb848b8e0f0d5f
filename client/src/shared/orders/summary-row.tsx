import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';

interface SummaryRowProps {
  label: MessageId;
  children: ReactNode;
  /** Wraps the value in a span with this test id (the figure itself, without its note). */
  testId?: string;
  /** A line under the value: the rate used, what the GP total converts. */
  note?: ReactNode;
  valueClassName?: string;
}

/** One figure of an order's `<dl className="summary__figures">`: its label, its value and an optional note. */
export function SummaryRow({ label, children, testId, note, valueClassName }: SummaryRowProps) {
  return (
    <div className="summary__row">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd className={valueClassName}>
        {testId ? <span data-testid={testId}>{children}</span> : children}
        {note && <span className="summary__note">{note}</span>}
      </dd>
    </div>
  );
}
