import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { SectionCard } from '../../shared/ui/section-card.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/**
 * One section of the football help page: a card with its anchor (`#all-up`, linked from the
 * purchase screen and the page's contents) and its title; `mark` (a provenance label) sits beside the title.
 */
export function DocSection({ anchor, title, mark, children }: { anchor: string; title: MessageId; mark?: ReactNode; children: ReactNode }) {
  return (
    <SectionCard anchor={anchor} titleId={`${anchor}-title`} title={title} mark={mark}>
      {children}
    </SectionCard>
  );
}

/** A paragraph of the help page's prose; `muted` for the asides under a table. */
export function DocProse({ id, values, muted }: { id: MessageId; values?: Record<string, ReactNode>; muted?: boolean }) {
  return (
    <p className={muted ? 'muted doc-prose' : 'doc-prose'}>
      <FormattedMessage id={id} values={values} />
    </p>
  );
}

/** A help page table in its horizontal scroll box (a phone scrolls the table, not the page). */
export function DocTable({ testId, className, describedBy, children }: { testId: string; className?: string; describedBy?: string; children: ReactNode }) {
  return (
    <TableWrap className="doc-table-wrap">
      <table className={className ? `table doc-table ${className}` : 'table doc-table'} data-testid={testId} aria-describedby={describedBy}>
        {children}
      </table>
    </TableWrap>
  );
}
