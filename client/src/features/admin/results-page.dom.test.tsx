import type { PendingResult } from '@gp/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../shared/api/http-client.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { ResultsPage } from './results-page.tsx';
import { ConsoleContext } from './staff-session.ts';

afterEach(cleanup);

const keno = (productCode: string, targetId: string, extra: Partial<PendingResult> = {}): PendingResult => ({
  targetType: 'keno_draw',
  targetId,
  productCode,
  label: `1150${targetId}`,
  at: '2026-11-20T08:00:00Z',
  shape: null,
  entries: 0,
  state: 'none',
  shown: [],
  ...extra,
});

function renderPage(items: PendingResult[]) {
  const http = { get: vi.fn(async () => ({ items })), post: vi.fn(), request: vi.fn() } as unknown as HttpClient;
  const session = { token: 't', expiresAt: '2099-01-01T00:00:00Z', user: { id: '7', name: 'Mei', email: 'mei@example.com', role: 'operator' } } as never;
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <ConsoleContext.Provider value={{ session, http, signOut: () => {} }}>
        <ResultsPage />
      </ConsoleContext.Provider>
    </QueryClientProvider>,
  );
}

describe('four-eyes results in the console', () => {
  it("badges each keno draw with its own product: Canada Keno is not BINGO", async () => {
    renderPage([keno('CAB01', '1'), keno('TWB01', '2')]);
    const rows = await screen.findAllByTestId('result-row');
    expect(rows.map((row) => within(row).getByTestId('result-badge').textContent)).toEqual(['Canada Keno', 'BINGO BINGO']);
  });

  it('names the colleague who entered the other result, and marks the numbers that differ (not by colour alone)', async () => {
    const shown = [
      { staffId: '7', staffName: 'Mei', mine: true, result: { numbers: [1, 2, 3, 4] }, at: '2026-11-20T08:01:00Z' },
      { staffId: '1', staffName: 'Kenji Sato', mine: false, result: { numbers: [1, 2, 33, 4] }, at: '2026-11-20T08:02:00Z' },
    ];
    renderPage([keno('CAB01', '1', { entries: 2, state: 'mismatch', shown })]);
    fireEvent.click(await screen.findByRole('button', { name: /CAB01/ }));
    const entries = await screen.findAllByTestId('result-entry');
    expect(entries[0]!.textContent).toContain('Yours');
    expect(entries[1]!.textContent).toContain('Kenji Sato');
    expect(entries[1]!.textContent).not.toContain('#1');
    // 3 against 33: each side's odd number is marked, starred and named for a screen reader.
    expect(within(entries[0]!).getAllByTestId('result-diff').map((m) => m.textContent)).toEqual(['3* (differs)']);
    expect(within(entries[1]!).getAllByTestId('result-diff').map((m) => m.textContent)).toEqual(['33* (differs)']);
    expect(screen.getByTestId('result-diff-legend').textContent).toContain('marked *');
  });
});
