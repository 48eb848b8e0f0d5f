import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../shared/testing/render.tsx';
import { SalesCountdown } from './sales-countdown.tsx';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const after = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<SalesCountdown>: the time left to buy for a draw', () => {
  it('counts days, then a clock face, each second', () => {
    renderUi(<SalesCountdown closesAt={after(2 * 86_400 + 3 * 3600 + 15 * 60 + 20)} />);
    expect(screen.getByTestId('draw-countdown').textContent).toBe('2 days 3:15:20');
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('draw-countdown').textContent).toBe('2 days 3:15:19');
  });

  it('turns red in the last five minutes and says sales closed at the cut-off', () => {
    renderUi(<SalesCountdown closesAt={after(301)} />);
    const countdown = () => screen.getByTestId('draw-countdown');
    expect(countdown().textContent).toBe('05:01');
    expect(countdown().className).not.toContain('urgent');
    act(() => void vi.advanceTimersByTime(2000));
    expect(countdown().textContent).toBe('04:59');
    expect(countdown().className).toContain('draw-countdown--urgent');
    act(() => void vi.advanceTimersByTime(300_000));
    expect(countdown().textContent).toBe('Sales closed');
    expect(countdown().getAttribute('data-seconds')).toBe('0');
  });
});
