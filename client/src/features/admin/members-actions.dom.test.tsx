import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../shared/api/http-client.ts';
import { renderUi } from '../../shared/testing/render.tsx';
import { MemberActions, parseGp } from './members-actions.tsx';
import { ConsoleContext } from './staff-session.ts';

afterEach(cleanup);

const member = { id: '42', name: 'Zelda', email: 'z@example.com', role: 'member', lockedAt: null, createdAt: '2026-01-01T00:00:00Z' };

function desk(role: 'operator' | 'supervisor', answer: (path: string, body: unknown) => unknown) {
  const post = vi.fn(async (path: string, body?: unknown) => answer(path, body));
  const http = { post, get: vi.fn(), request: vi.fn() } as unknown as HttpClient;
  const session = { token: 't', expiresAt: '2099-01-01T00:00:00Z', user: { id: '7', name: 'Staff', email: 's@example.com', role } } as never;
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={new QueryClient()}>
      <ConsoleContext.Provider value={{ session, http, signOut: () => {} }}>{ui}</ConsoleContext.Provider>
    </QueryClientProvider>
  );
  return { post, wrap };
}

describe('member actions in the console', () => {
  it('reads GP as typed into integer hundredths, refusing zero and a third decimal', () => {
    expect(parseGp('12.5')).toBe(1_250);
    expect(parseGp('-3')).toBe(-300);
    expect(parseGp('+0.07')).toBe(7);
    expect(parseGp('0')).toBeNull();
    expect(parseGp('1.234')).toBeNull();
    expect(parseGp('1e3')).toBeNull();
  });

  it('an operator sees the lock button off, with the reason, and cannot send it', () => {
    const { post, wrap } = desk('operator', () => ({}));
    renderUi(wrap(<MemberActions member={member} />));
    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock).toHaveProperty('disabled', true);
    expect(screen.getByText('Only a supervisor can lock or unlock a member.')).toBeTruthy();
    fireEvent.click(lock);
    expect(post).not.toHaveBeenCalled();
  });

  it('a supervisor locks with a reason', async () => {
    const { post, wrap } = desk('supervisor', () => undefined);
    renderUi(wrap(<MemberActions member={member} />));
    const lockForm = screen.getByRole('button', { name: 'Lock' }).closest('form')!;
    fireEvent.change(lockForm.querySelector('input[name="reason"]')!, { target: { value: 'chargeback fraud' } });
    fireEvent.submit(lockForm);
    await waitFor(() => expect(screen.getByTestId('member-notice').textContent).toBe('Member locked: signed out everywhere, sign-in refused.'));
    expect(post).toHaveBeenCalledWith('/api/admin/members/42/lock', { locked: true, reason: 'chargeback fraud' });
  });

  it('says whether an adjustment was queued or waits for a supervisor, as the server decided', async () => {
    let status = 'queued';
    const { post, wrap } = desk('operator', () => ({ status }));
    renderUi(wrap(<MemberActions member={member} />));
    const form = screen.getByRole('button', { name: 'Request adjustment' }).closest('form')!;
    const fill = (amount: string) => {
      fireEvent.change(form.querySelector('input[name="amount"]')!, { target: { value: amount } });
      fireEvent.change(form.querySelector('input[name="reason"]')!, { target: { value: 'goodwill' } });
      fireEvent.submit(form);
    };
    fill('-2.5');
    await waitFor(() => expect(screen.getByTestId('member-notice').textContent).toBe('Adjustment queued.'));
    expect(post).toHaveBeenLastCalledWith('/api/admin/adjustments', { userId: '42', amount: -250, reason: 'goodwill', account: 'real' }, expect.objectContaining({ headers: expect.any(Object) }));

    status = 'pending_approval';
    fill('5000');
    await waitFor(() => expect(screen.getByTestId('member-notice').textContent).toBe('Above the approval limit: waiting for a supervisor.'));

    fill('0.001');
    await waitFor(() => expect(screen.getByTestId('member-notice').textContent).toMatch(/non-zero amount/));
    expect(post).toHaveBeenCalledTimes(2);
  });
});
