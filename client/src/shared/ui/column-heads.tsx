import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';

export interface Column {
  /** The heading's message, or the heading itself when it is not a message (a computed "≥ 2"). */
  label: MessageId | { text: ReactNode; key: string };
  /** Right-aligned figures. */
  numeric?: boolean;
}

/** A table's `<thead>`: one `<th scope="col">` per column, numeric ones right-aligned. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map(({ label, numeric }) => (
          <th key={typeof label === 'string' ? label : label.key} scope="col" className={numeric ? 'numeric' : undefined}>
            {typeof label === 'string' ? <FormattedMessage id={label} /> : label.text}
          </th>
        ))}
      </tr>
    </thead>
  );
}
