import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RefundNote } from '../../shared/orders/refund-note.tsx';
import { renderUi } from '../../shared/testing/render.tsx';
import { OrderStatus } from './order-status.tsx';

afterEach(cleanup);

const refunded = { status: 9, trial: false, settledAt: null, prize: null, pointsSpent: 1_200 } as const;

describe('what the member is told about a refund', () => {
  it("a worker's refusal reads as a refusal, with the worker's words and the points refunded — not as a timeout", () => {
    const order = { ...refunded, refundCause: 'purchase_failed' as const, refusalReason: 'terminal offline at the shop' };
    renderUi(
      <>
        <OrderStatus order={order} />
        <RefundNote order={order} />
      </>,
    );
    expect(screen.getByTestId('order-status').textContent).toBe('Not bought, refunded');
    expect(screen.getByTestId('order-refusal-reason').textContent).toBe('Why: terminal offline at the shop');
    expect(screen.getByTestId('order-refund-note').textContent).toBe('We could not buy this ticket: terminal offline at the shop. 12.00 GP refunded.');
    expect(document.body.textContent).not.toMatch(/timed out/i);
  });

  it('a refund at the cut-off says the sales closed', () => {
    const order = { ...refunded, refundCause: 'sales_closed' as const, refusalReason: null };
    renderUi(
      <>
        <OrderStatus order={order} />
        <RefundNote order={order} />
      </>,
    );
    expect(screen.getByTestId('order-status').textContent).toBe('Timed out, refunded');
    expect(screen.queryByTestId('order-refusal-reason')).toBeNull();
    expect(screen.getByTestId('order-refund-note').textContent).toBe('Sales closed before this ticket was bought. 12.00 GP refunded.');
  });
});
