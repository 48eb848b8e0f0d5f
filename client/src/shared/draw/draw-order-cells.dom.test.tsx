import type { DrawOrderWire } from '@gp/common';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from '../testing/render.tsx';
import { DrawIssue, DrawNumbers, DrawOutcome, DrawPlayType } from './draw-order-cells.tsx';

afterEach(cleanup);

/** A Mark Six banker order (bankers 1, 2; legs 10–14: 5 lines), second of three draws. */
function order(draw: Partial<DrawOrderWire['draw']> = {}, status = 2): DrawOrderWire {
  return {
    id: 'o1',
    productCode: 'HKA01',
    issue: '26/031',
    status,
    statusLabel: 'purchase_successful',
    trial: false,
    specialNumber: null,
    multiplier: 1,
    units: 5,
    pointsSpent: 704,
    stake: { amount: 5_000, currency: 'HKD' },
    fee: { amount: 500, currency: 'HKD' },
    salesCloseAt: '2026-03-05T13:15:00Z',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:01Z',
    ticketRef: 'T1',
    drawResult: null,
    officialResult: null,
    prize: null,
    settledAt: null,
    refundCause: null,
    refusalReason: null,
    playType: 'draw',
    selections: [{ zones: [[10, 11, 12, 13, 14]], bankers: [[1, 2]] }],
    draw: {
      displayIssue: '26/031',
      drawAt: '2026-03-05T13:30:00Z',
      play: null,
      system: false,
      partialUnit: false,
      addOns: [],
      lines: 5,
      lineMultipliers: null,
      group: { id: 'g1', index: 2, count: 3 },
      result: null,
      state: 'open',
      outcome: null,
      ...draw,
    },
  };
}

const RESULT = { zones: [[1, 2, 10, 11, 12, 40]], extra: [13] };

describe('a draw order in the orders list', () => {
  it('names its draw and its place in a multi-draw purchase', () => {
    renderUi(<DrawIssue part={order().draw} />);
    expect(screen.getByText('26/031')).toBeTruthy();
    expect(screen.getByText(/draw 2 of 3/)).toBeTruthy();
  });

  it('says a banker entry is one, and folds its five lines under it, the winning ones marked', () => {
    const drawn = order({
      result: RESULT,
      state: 'pending',
      outcome: {
        prize: { amount: 0, currency: 'HKD' },
        // Line 0 is 1 2 10 11 12 13: five numbers and the extra → 2nd division (pool, pending).
        lines: [{ line: 0, numbers: [[1, 2, 10, 11, 12, 13]], hits: [5], extraHits: 1, division: 2, prize: null, multiplier: 1 }],
        pendingDivisions: [2],
      },
    });
    renderUi(<DrawPlayType order={drawn} />);
    expect(screen.getByText('Banker')).toBeTruthy();
    cleanup();
    renderUi(<DrawNumbers order={drawn} />);
    fireEvent.click(screen.getByText(/5 lines/));
    const lines = screen.getAllByTestId('draw-order-line');
    expect(lines).toHaveLength(5);
    expect(lines[0]!.getAttribute('data-won')).toBe('true');
    expect(lines[1]!.getAttribute('data-won')).toBeNull();
    // Drawn numbers are marked on the entry: 1, 2, 10, 11, 12 (13 is the extra number, ringed instead).
    expect(screen.getAllByTestId('entry-balls')[0]!.querySelectorAll('li[data-hit]')).toHaveLength(5);
  });

  it('shows "division 2 won — amount pending" until the pool amount is in, then the prize', () => {
    const pending = order({ result: RESULT, state: 'pending', outcome: { prize: { amount: 0, currency: 'HKD' }, lines: [], pendingDivisions: [2] } });
    renderUi(<DrawOutcome order={pending} />);
    expect(screen.getByTestId('draw-state').textContent).toBe('Division 2 won — amount pending');
    cleanup();
    const settled = order({ result: RESULT, state: 'settled', outcome: { prize: { amount: 96_000_000, currency: 'HKD' }, lines: [], pendingDivisions: [] } });
    renderUi(<DrawOutcome order={settled} />);
    expect(screen.getByTestId('draw-state').textContent).toBe('Won HK$960,000');
  });

  it('tells a large win apart, held for the back office', () => {
    renderUi(<DrawOutcome order={order({ result: RESULT, state: 'large_win' })} />);
    expect(screen.getByTestId('draw-state').getAttribute('data-state')).toBe('large_win');
    expect(screen.getByTestId('draw-state').textContent).toContain('Large win');
  });

  it('waits for the draw, and shows nothing for a refunded order', () => {
    renderUi(<DrawOutcome order={order()} />);
    expect(screen.getByTestId('draw-state').textContent).toBe('Awaiting the draw');
    cleanup();
    const { container } = renderUi(<DrawOutcome order={order({}, 9)} />);
    expect(container.textContent).toBe('—');
  });
});
