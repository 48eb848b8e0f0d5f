import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { LoadError } from './load-state.tsx';
import { pageCountOf, PagedTable } from './paged-table.tsx';

afterEach(cleanup);

const COLUMNS = [{ label: 'wallet.ledger.date' }, { label: 'wallet.ledger.amount', numeric: true }] as const;

describe('<PagedTable>: a member history with pages', () => {
  it('says the list is empty instead of showing an empty table on the first page', () => {
    renderUi(
      <PagedTable columns={COLUMNS} list={{ data: { items: [], total: 0 }, isFetching: false }} pageSize={5} emptyMessage="wallet.ledger.empty" testId="ledger" label="wallet.ledger.title" page={1} onPage={() => undefined}>
        {null}
      </PagedTable>,
    );
    expect(screen.getByTestId('ledger-empty')).toBeTruthy();
    expect(screen.queryByTestId('ledger-table')).toBeNull();
  });

  it('shows the heads, the rows and the pages, and moves to the page asked for', () => {
    const onPage = vi.fn();
    renderUi(
      <PagedTable columns={COLUMNS} list={{ data: { items: [1], total: 12 }, isFetching: true }} pageSize={5} emptyMessage="wallet.ledger.empty" testId="ledger" label="wallet.ledger.title" page={1} onPage={onPage}>
        <tr>
          <td>today</td>
          <td className="numeric">1.00 GP</td>
        </tr>
      </PagedTable>,
    );
    const heads = screen.getAllByRole('columnheader').map((th) => [th.textContent, th.className]);
    expect(heads).toEqual([
      ['Date', ''],
      ['Amount', 'numeric'],
    ]);
    expect(screen.getByText('today')).toBeTruthy();
    expect(screen.getByTestId('ledger-table').closest('.table-wrap')?.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByText('3'));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('counts pages from the total (one while the total is unknown)', () => {
    expect(pageCountOf(undefined, 5)).toBe(1);
    expect(pageCountOf(0, 5)).toBe(1);
    expect(pageCountOf(10, 5)).toBe(2);
    expect(pageCountOf(11, 5)).toBe(3);
  });
});

describe('<LoadError>', () => {
  it('says what did not load and asks again on Retry', () => {
    const onRetry = vi.fn();
    renderUi(<LoadError message="draw.loadError" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('This lottery could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
