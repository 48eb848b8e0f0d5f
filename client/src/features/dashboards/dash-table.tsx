import type { ReactNode } from 'react';
import { ColumnHeads, type Column } from '../../shared/ui/column-heads.tsx';

/**
 * A dashboard table in its scroll box: a caption (visible above a league's table, for screen
 * readers only where the section title already says it), its column heads and its rows.
 */
export function DashTable({
  testId,
  className,
  caption,
  captionVisible,
  columns,
  children,
}: {
  testId: string;
  className?: string;
  caption: ReactNode;
  captionVisible?: boolean;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <table className={className ? `table dash-table ${className}` : 'table dash-table'} data-testid={testId}>
      <caption className={captionVisible ? 'dash-caption' : 'visually-hidden'}>{caption}</caption>
      <ColumnHeads columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}
