import { describe, expect, it } from 'vitest';
import { eventFilterSearch, filterChoices, filterEvents, NO_FILTER, parseEventFilter } from './event-filters.ts';

const market = (code: string) => ({ market: code }) as never;
const EPL_LATE = { id: '1', kickOffAt: '2026-06-14T17:00:00Z', tournamentCode: 'EPL', tournament: 'English Premier League', markets: [market('HAD'), market('HIL')] };
const EPL_NOON = { id: '2', kickOffAt: '2026-06-14T04:00:00Z', tournamentCode: 'EPL', tournament: 'English Premier League', markets: [market('HAD')] };
const SPD = { id: '3', kickOffAt: '2026-06-15T12:00:00Z', tournamentCode: 'SPD', tournament: 'Spanish La Liga', markets: [market('HAD'), market('CRS')] };
const EVENTS = [EPL_LATE, EPL_NOON, SPD];
const HK = 'Asia/Hong_Kong';
const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe('football event filters', () => {
  it('keeps every event without a filter', () => {
    expect(ids(filterEvents(EVENTS, NO_FILTER, HK))).toEqual(['1', '2', '3']);
  });

  it('filters by kick-off date in the chosen zone, by league and by bet type, together', () => {
    expect(ids(filterEvents(EVENTS, { ...NO_FILTER, date: '2026-06-15' }, HK))).toEqual(['1', '3']); // 17:00Z is 01:00 in Hong Kong
    expect(ids(filterEvents(EVENTS, { ...NO_FILTER, date: '2026-06-15' }, 'UTC'))).toEqual(['3']);
    expect(ids(filterEvents(EVENTS, { ...NO_FILTER, league: 'EPL' }, HK))).toEqual(['1', '2']);
    expect(ids(filterEvents(EVENTS, { ...NO_FILTER, market: 'HIL' }, HK))).toEqual(['1']);
    expect(ids(filterEvents(EVENTS, { date: '2026-06-15', league: 'EPL', market: 'HAD' }, HK))).toEqual(['1']);
  });

  it('offers the dates, leagues and bet types of the events on sale', () => {
    expect(filterChoices(EVENTS, HK)).toEqual({
      dates: ['2026-06-14', '2026-06-15'],
      leagues: [
        { code: 'EPL', name: 'English Premier League' },
        { code: 'SPD', name: 'Spanish La Liga' },
      ],
      markets: ['HAD', 'HIL', 'CRS'],
    });
  });

  it('reads and writes the filter in the address, leaving out what is unusable', () => {
    expect(parseEventFilter(new URLSearchParams('date=2026-06-15&league=EPL&market=hil'))).toEqual({ date: '2026-06-15', league: 'EPL', market: 'HIL' });
    expect(parseEventFilter(new URLSearchParams('date=tomorrow&league=<x>&market=XYZ'))).toEqual(NO_FILTER);
    expect(eventFilterSearch({ date: null, league: 'SPD', market: 'CRS' }, new URLSearchParams('date=2026-06-15&x=1')).toString()).toBe('x=1&league=SPD&market=CRS');
  });
});
