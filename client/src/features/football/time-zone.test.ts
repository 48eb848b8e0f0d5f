import { describe, expect, it } from 'vitest';
import { dateKey, formatDateHeading, formatKickOff, groupByDate, zoneOf, zoneOffset } from './time-zone.ts';

describe('kick-off times in the chosen zone', () => {
  it('maps the choices to zones: Hong Kong, the browser’s own, UTC', () => {
    expect(zoneOf('hk')).toBe('Asia/Hong_Kong');
    expect(zoneOf('utc')).toBe('UTC');
    expect(zoneOf('local', 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('shows the same instant as the local time of each zone', () => {
    const iso = '2026-06-14T12:00:00Z';
    expect(formatKickOff(iso, 'Asia/Hong_Kong', 'en')).toBe('20:00');
    expect(formatKickOff(iso, 'UTC', 'en')).toBe('12:00');
    expect(formatKickOff(iso, 'America/New_York', 'en')).toBe('08:00');
  });

  it('puts a late evening UTC kick-off on the next day in Hong Kong', () => {
    expect(dateKey('2026-06-14T17:00:00Z', 'Asia/Hong_Kong')).toBe('2026-06-15');
    expect(dateKey('2026-06-14T17:00:00Z', 'UTC')).toBe('2026-06-14');
    expect(formatDateHeading('2026-06-15', 'en')).toContain('15');
    expect(zoneOffset('Asia/Hong_Kong', new Date('2026-06-14T00:00:00Z'))).toBe('GMT+8');
  });

  it('groups events by kick-off date in the zone, in kick-off order', () => {
    const events = [
      { code: 'FB0003', kickOffAt: '2026-06-14T17:00:00Z' },
      { code: 'FB0001', kickOffAt: '2026-06-14T12:00:00Z' },
      { code: 'FB0002', kickOffAt: '2026-06-14T12:00:00Z' },
    ];
    const hk = groupByDate(events, 'Asia/Hong_Kong');
    expect(hk.map((g) => [g.date, g.events.map((e) => e.code)])).toEqual([
      ['2026-06-14', ['FB0001', 'FB0002']],
      ['2026-06-15', ['FB0003']],
    ]);
    expect(groupByDate(events, 'UTC')).toHaveLength(1);
  });
});
