import type { ClockEventPayload } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { clockOffset, clockView, formatClock, formatDuration, isNewerSnapshot, issueOnSale, phaseEndsAt, secondsUntil } from './countdown.ts';

const at = (time: string) => Date.parse(`2026-03-20T${time}Z`);
const iso = (time: string) => `2026-03-20T${time}Z`;

const open: ClockEventPayload = {
  productCode: 'TWB01',
  phase: 'open',
  issue: '115016038',
  salesCloseAt: iso('07:04:00.000'),
  drawAt: iso('07:05:00.000'),
  nextSalesOpenAt: iso('07:05:00.000'),
  serverNow: iso('07:03:20.000'),
  lastResult: null,
};

describe('the countdown on this device', () => {
  it('measures how far this device’s clock is behind or ahead of the server', () => {
    expect(clockOffset(iso('07:00:10.000'), at('07:00:07.500'))).toBe(2500);
    expect(clockOffset(iso('07:00:10.000'), at('07:00:12.000'))).toBe(-2000);
    expect(clockOffset('not a date', at('07:00:12.000'))).toBe(0);
  });

  it('counts whole seconds up, so the last second still shows 1, and never goes below 0', () => {
    expect(secondsUntil(iso('07:04:00.000'), at('07:03:20.000'))).toBe(40);
    expect(secondsUntil(iso('07:04:00.000'), at('07:03:59.100'))).toBe(1);
    expect(secondsUntil(iso('07:04:00.000'), at('07:04:03.000'))).toBe(0);
    expect(secondsUntil(null, at('07:04:03.000'))).toBeNull();
  });

  it('shows the same seconds on a device whose clock is 30 s slow, once the offset is applied', () => {
    const received = at('07:02:50.000'); // the device reads 07:02:50 when the server says 07:03:20
    const offset = clockOffset(open.serverNow, received);
    const fiveSecondsLater = received + 5000 + offset;
    expect(clockView(open, fiveSecondsLater)).toEqual({ kind: 'open', issue: '115016038', deadline: open.salesCloseAt, seconds: 35 });
  });

  it('reads an open phase whose deadline has passed as closed, before the server says so', () => {
    expect(clockView(open, at('07:04:00.000'))).toEqual({ kind: 'closed', issue: '115016038', drawAt: open.drawAt, seconds: 60 });
    expect(issueOnSale(open, at('07:03:59.000'))).toBe('115016038');
    expect(issueOnSale(open, at('07:04:00.000'))).toBeNull();
    expect(issueOnSale(null, at('07:03:00.000'))).toBeNull();
  });

  it('counts down to the next opening outside draw hours', () => {
    const idle: ClockEventPayload = { ...open, phase: 'idle', issue: '115016039', nextSalesOpenAt: iso('09:00:00.000'), serverNow: iso('07:30:00.000') };
    expect(clockView(idle, at('07:30:00.000'))).toEqual({ kind: 'idle', issue: '115016039', opensAt: idle.nextSalesOpenAt, seconds: 5400 });
    expect(formatDuration(5400)).toBe('1:30:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(phaseEndsAt(idle)).toBe(at('09:00:00.000'));
    expect(phaseEndsAt(open)).toBe(at('07:04:00.000'));
    expect(phaseEndsAt({ ...open, phase: 'closed' })).toBe(at('07:05:00.000'));
  });

  it('keeps the newer snapshot when a slow HTTP reply arrives after a socket push, and ignores other products', () => {
    const pushed = { ...open, serverNow: iso('07:03:30.000') };
    expect(isNewerSnapshot(pushed, open, 'TWB01')).toBe(false);
    expect(isNewerSnapshot(open, pushed, 'TWB01')).toBe(true);
    expect(isNewerSnapshot(null, open, 'TWB01')).toBe(true);
    expect(isNewerSnapshot(null, { ...open, productCode: 'CAB01' }, 'TWB01')).toBe(false);
    expect(isNewerSnapshot({ ...pushed, productCode: 'CAB01' }, open, 'TWB01')).toBe(true);
  });
});

describe('the countdown as a clock face', () => {
  it('shows minutes and seconds with two digits each, and hours only when there are some', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(48)).toBe('00:48');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(3725)).toBe('1:02:05');
  });
});
