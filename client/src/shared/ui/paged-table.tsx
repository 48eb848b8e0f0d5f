import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../i18n/message-ids.ts';
import { ColumnHeads, type Column } from './column-heads.tsx';
import { Pagination } from './pagination.tsx';
import { TableWrap } from './table-wrap.tsx';

/** How many pages `total` rows make at `size` a page; one while the total is not known yet. */
export const pageCountOf = (total: number | undefined, size: number) => (total === undefined ? 1 : Math.max(1, Math.ceil(total / size)));

interface PagedTableProps {
  columns: readonly Column[];
  /** The rows of this page (`<tr>`s). */
  children: ReactNode;
  /** The page's query: its items and total once read, and whether a page is being read (the table is marked busy). */
  list: { data?: { items: readonly unknown[]; total: number }; isFetching: boolean };
  pageSize: number;
  /** Said instead of the table when the list has nothing at all (its first page came back empty). */
  emptyMessage: MessageId;
  /** `<testId>-table` on the table, `<testId>-empty` on the empty message. */
  testId: string;
  /** What the table is, for assistive technology (its name while it scrolls): usually its section's title. */
  label: MessageId;
  page: number;
  onPage: (page: number) => void;
}

/**
 * A member's history table (deposits, points): its column heads, its rows, its pages, or the sentence
 * saying it is empty. On a phone each row is a card of "heading: value" lines (table.css), so no
 * column hides past the edge; wider, a table that still scrolls sideways is a named region a
 * keyboard can reach and scroll (TableWrap).
 */
export function PagedTable({ columns, children, list, pageSize, emptyMessage, testId, label, page, onPage }: PagedTableProps) {
  const intl = useIntl();
  const table = useRef<HTMLTableElement>(null);
  // Each cell carries its column's heading, which the phone layout shows before the value.
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const heads = [...element.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
    for (const row of element.querySelectorAll('tbody tr')) [...row.children].forEach((cell, i) => cell.setAttribute('data-label', heads[i] ?? ''));
  });
  if (list.data?.items.length === 0 && page === 1) {
    return (
      <p className="empty-state" data-testid={`${testId}-empty`}>
        <FormattedMessage id={emptyMessage} />
      </p>
    );
  }
  return (
    <>
      <TableWrap className="table-wrap--stack" label={intl.formatMessage({ id: label })} aria-busy={list.isFetching}>
        <table ref={table} className="table" data-testid={`${testId}-table`}>
          <ColumnHeads columns={columns} />
          <tbody>{children}</tbody>
        </table>
      </TableWrap>
      <Pagination page={page} pageCount={pageCountOf(list.data?.total, pageSize)} onChange={onPage} />
    </>
  );
}
