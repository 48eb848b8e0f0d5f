import { describe, expect, it } from 'vitest';
import { ageOn, breakEnd, limitsBody } from './responsible-play.ts';

describe('responsible play rules (issue 32)', () => {
  it('counts whole years: 18 on the birthday, 17 the day before', () => {
    expect(ageOn('2008-03-15', new Date('2026-03-15T00:00:00Z'))).toBe(18);
    expect(ageOn('2008-03-15', new Date('2026-03-14T23:59:59Z'))).toBe(17);
  });

  it('ends breaks after their days, and exclusions after calendar months', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(breakEnd('24h', from).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(breakEnd('42d', from).toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(breakEnd('6m', from).toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(breakEnd('5y', from).toISOString()).toBe('2031-01-31T10:00:00.000Z');
  });

  it('takes whole positive GP hundredths or null, and nothing else', () => {
    expect(limitsBody.safeParse({ deposit: { day: 5000, week: null } }).success).toBe(true);
    expect(limitsBody.safeParse({ deposit: { day: 0 } }).success).toBe(false);
    expect(limitsBody.safeParse({ deposit: { day: 10.5 } }).success).toBe(false);
    expect(limitsBody.safeParse({ deposit: { year: 100 } }).success).toBe(false);
    expect(limitsBody.safeParse({ wager: { day: 100 } }).success).toBe(false);
  });
});
