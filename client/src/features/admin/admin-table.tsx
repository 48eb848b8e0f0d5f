import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-ids.ts';
import { ColumnHeads, type Column } from '../../shared/ui/column-heads.tsx';
import { TableWrap } from '../../shared/ui/table-wrap.tsx';

/** A column without a heading (the row's buttons), and the "#" of an id column. */
export const ACTIONS_COLUMN: Column = { label: { text: null, key: 'actions' } };
export const ID_COLUMN: Column = { label: { text: '#', key: 'id' } };

/** A console table: its column heads and its rows (`<tr>`s), scrolling sideways inside its own box on a phone. */
export function AdminTable({ columns, testId, variant, children }: { columns: readonly Column[]; testId: string; variant?: string; children: ReactNode }) {
  return (
    <TableWrap>
      <table className={`table admin-table${variant ? ` ${variant}` : ''}`} data-testid={testId}>
        <ColumnHeads columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}

interface AdminListPanelProps {
  title: MessageId;
  /** Shown after the title in brackets. */
  count: number;
  /** Said instead of the table when there is nothing to list. */
  empty: MessageId;
  isEmpty: boolean;
  /** An error or a note above the list. */
  notice?: ReactNode;
  children: ReactNode;
}

/** A titled panel of the console with its count: the list, or the sentence saying it is empty. */
export function AdminListPanel({ title, count, empty, isEmpty, notice, children }: AdminListPanelProps) {
  return (
    <div className="admin-panel">
      <h2>
        <FormattedMessage id={title} /> <span className="muted">({count})</span>
      </h2>
      {notice}
      {isEmpty ? (
        <p className="muted">
          <FormattedMessage id={empty} />
        </p>
      ) : (
        children
      )}
    </div>
  );
}
