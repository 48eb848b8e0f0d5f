import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';

interface SectionCardProps {
  /** The heading's element id, which labels the section (`aria-labelledby`). */
  titleId: string;
  /** The heading's message. */
  title: MessageId;
  /** The section's own anchor (`#history`), when a link points at it. */
  anchor?: string;
  /** Beside the heading: a provenance label, a live dot. */
  mark?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A titled card of a page: wallet sections, the rules' tables, a dashboard's charts. */
export function SectionCard({ titleId, title, anchor, mark, testId, children }: SectionCardProps) {
  const heading = (
    <h2 id={titleId}>
      <FormattedMessage id={title} />
    </h2>
  );
  return (
    <section id={anchor} className="card section-card" aria-labelledby={titleId} data-testid={testId}>
      {mark ? (
        <div className="rules-section__head">
          {heading}
          {mark}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
