import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../shared/api/http-client.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { DepositsHeldPage } from './deposits-held-page.tsx';
import type { DebtRow, HeldDeposit } from './members-api.ts';
import { ConsoleContext } from './staff-session.ts';

afterEach(cleanup);

const held: HeldDeposit = {
  id: '31',
  userId: '9',
  provider: 'ecpay',
  method: 'cvs_barcode',
  currency: 'TWD',
  amount: 50_000,
  points: 15_400,
  state: 'held',
  createdAt: '2026-11-20T08:00:00Z',
  paidAt: null,
  expiresAt: null,
  barcode: null,
  start: null,
  sandbox: true,
  merchantRef: 'GPX',
  providerTxnId: 'T1',
  problem: { reason: 'amount_mismatch', reported: { amount: 40_000, currency: 'TWD' } },
};
const debt: DebtRow = { id: '3', userId: '12', name: 'Debby', email: 'd@example.com', amount: 2_000, remaining: 1_500, refType: 'deposit-reversal', refId: '77', createdAt: '2026-11-19T08:00:00Z' };

function renderPage(role: 'operator' | 'supervisor') {
  let items = [held];
  const get = vi.fn(async (path: string) => (path.startsWith('/api/admin/debts') ? { items: [debt] } : { items }));
  const post = vi.fn(async () => {
    items = [];
    return {};
  });
  const http = { get, post, request: vi.fn() } as unknown as HttpClient;
  const session = { token: 't', expiresAt: '2099-01-01T00:00:00Z', user: { id: '7', name: 'Staff', email: 's@example.com', role } } as never;
  renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <ConsoleContext.Provider value={{ session, http, signOut: () => {} }}>
        <DepositsHeldPage />
      </ConsoleContext.Provider>
    </QueryClientProvider>,
  );
  return { post };
}

describe('held deposits and debts in the console', () => {
  it('shows expected against received and the debt with its deposit, linked to the member', async () => {
    renderPage('operator');
    const row = await screen.findByTestId('held-row');
    expect(row.textContent).toContain('500.00 TWD');
    expect(row.textContent).toContain('400.00 TWD');
    expect(row.textContent).toContain('Amount or currency differs');
    const debtRow = await screen.findByTestId('debt-row');
    expect(within(debtRow).getByRole('link', { name: 'Debby' }).getAttribute('href')).toBe('/admin/members/12');
    expect(debtRow.textContent).toContain('15.00 GP');
    expect(debtRow.textContent).toContain('Refunded deposit #77');
  });

  it('an operator may refund but not credit anyway, and is told why', async () => {
    renderPage('operator');
    const row = await screen.findByTestId('held-row');
    expect(within(row).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Credit anyway' })).toBeNull();
    expect(screen.getByText('Only a supervisor can credit a held deposit anyway.')).toBeTruthy();
  });

  it('a supervisor credits anyway with a reason, told the amount received; the row goes', async () => {
    const { post } = renderPage('supervisor');
    fireEvent.click(within(await screen.findByTestId('held-row')).getByRole('button', { name: 'Credit anyway' }));
    const form = screen.getByTestId('credit-form');
    expect(form.textContent).toContain('400.00 TWD');
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'store receipt' } });
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByText('Deposit #31 credited.')).toBeTruthy());
    expect(post).toHaveBeenCalledWith('/api/admin/deposits/31/credit', { reason: 'store receipt' });
    await waitFor(() => expect(screen.queryByTestId('held-row')).toBeNull());
    expect(screen.queryByTestId('credit-form')).toBeNull();
  });
});
