import { isMarketCode, MARKET_CODES, type FootballEventWire, type MarketCode } from '@gp/common';
import { dateKey } from './time-zone.ts';

/** What the event list is narrowed to: a kick-off date (in the chosen zone), a league, a bet type. */
export interface EventFilter {
  date: string | null;
  league: string | null;
  market: MarketCode | null;
}

export const NO_FILTER: EventFilter = { date: null, league: null, market: null };

/** The filter of `/main/sports/hkjc-football?date=2026-06-15&league=EPL&market=HIL`; anything unusable is left out. */
export function parseEventFilter(params: URLSearchParams): EventFilter {
  const date = params.get('date');
  const league = params.get('league')?.trim();
  const market = params.get('market')?.toUpperCase() ?? '';
  return {
    date: date && /^\d{4}-\d\d-\d\d$/.test(date) ? date : null,
    league: league && /^[\w-]{1,20}$/.test(league) ? league : null,
    market: isMarketCode(market) ? market : null,
  };
}

/** The query string of a filter, only the parts set (so the plain list stays `/main/sports/hkjc-football`). */
export function eventFilterSearch(filter: EventFilter, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of ['date', 'league', 'market'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/**
 * The events a filter keeps: kick-off on `date` in `zone`, in `league`, offering `market`.
 *
 * Example: a Premier League match kicking off 2026-06-14T17:00Z, filtered to 2026-06-15 in Hong Kong → kept (01:00 there).
 */
export function filterEvents<E extends Pick<FootballEventWire, 'kickOffAt' | 'tournamentCode' | 'markets'>>(events: readonly E[], filter: EventFilter, zone: string): E[] {
  return events.filter(
    (event) =>
      (!filter.date || dateKey(event.kickOffAt, zone) === filter.date) &&
      (!filter.league || event.tournamentCode === filter.league) &&
      (!filter.market || event.markets.some((m) => m.market === filter.market)),
  );
}

/** What each filter can be set to, from the events on sale: their dates, leagues (by name) and bet types (in HKJC's order). */
export function filterChoices(
  events: readonly (Pick<FootballEventWire, 'kickOffAt' | 'tournamentCode' | 'tournament' | 'markets'> & { names?: FootballEventWire['names'] })[],
  zone: string,
  localName: (english: string, names?: Readonly<Record<string, string>>) => string = (english) => english,
) {
  const dates = [...new Set(events.map((e) => dateKey(e.kickOffAt, zone)))].sort();
  const leagues = [...new Map(events.map((e) => [e.tournamentCode, localName(e.tournament, e.names?.tournament)])).entries()]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const offered = new Set(events.flatMap((e) => e.markets.map((m) => m.market)));
  const markets = MARKET_CODES.filter((code) => offered.has(code));
  return { dates, leagues, markets };
}
