import type { FootballEventWire, OddsEventPayload } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { applyOddsToEvent, applyOddsToList, livePrice, moveDirection } from './odds-cache.ts';

const event = (id: string): FootballEventWire => ({
  id,
  code: `FB${id}`,
  tournament: 'English Premier League',
  tournamentCode: 'EPL',
  home: 'Home FC',
  away: 'Away FC',
  kickOffAt: '2026-06-14T12:00:00Z',
  salesCloseAt: '2026-06-14T11:55:00Z',
  status: 'open',
  source: 'simulated',
  players: [],
  result: null,
  markets: [
    { market: 'HAD', line: null, main: true, status: 'open', selections: [{ key: 'H', label: 'Home', odds: '2.10' }, { key: 'D', label: 'Draw', odds: '3.20' }, { key: 'A', label: 'Away', odds: '3.40' }] },
    { market: 'HIL', line: '2.5', main: true, status: 'open', selections: [{ key: 'H', label: 'High', odds: '1.90' }, { key: 'L', label: 'Low', odds: '1.90' }] },
  ],
});

const payload = (patch: Partial<OddsEventPayload>): OddsEventPayload => ({
  eventId: '1',
  market: 'HAD',
  line: null,
  selections: [],
  at: '2026-06-14T10:00:00Z',
  markets: [],
  ...patch,
});

describe('applying odds events to the cached events', () => {
  it('updates the moved prices of the named market and line, and reports each move up or down', () => {
    const list = [event('1'), event('2')];
    const { events, moves } = applyOddsToList(list, payload({
      markets: [
        { market: 'HAD', line: null, status: 'open', selections: [{ key: 'H', odds: '2.25', prevOdds: '2.10' }, { key: 'A', odds: '3.10', prevOdds: '3.40' }] },
      ],
    }));
    expect(events[0]!.markets[0]!.selections.map((s) => s.odds)).toEqual(['2.25', '3.20', '3.10']);
    expect(moves).toEqual([
      { key: '1|HAD||H', from: '2.10', to: '2.25', direction: 'up' },
      { key: '1|HAD||A', from: '3.40', to: '3.10', direction: 'down' },
    ]);
    expect(events[1]).toBe(list[1]);
  });

  it('leaves other events, and untouched markets, as the same objects', () => {
    const list = [event('1'), event('2')];
    const { events } = applyOddsToList(list, payload({ markets: [{ market: 'HIL', line: '2.5', status: 'open', selections: [{ key: 'H', odds: '1.85', prevOdds: '1.90' }] }] }));
    expect(events[1]).toBe(list[1]);
    expect(events[0]!.markets[0]).toBe(list[0]!.markets[0]);
    expect(events[0]!.markets[1]!.selections[0]!.odds).toBe('1.85');
  });

  it('suspends a market without a price move, and ignores a market or line the cache does not hold', () => {
    const e = event('1');
    const { event: next, moves } = applyOddsToEvent(e, payload({
      markets: [
        { market: 'HAD', line: null, status: 'suspended', selections: [] },
        { market: 'HIL', line: '3.5', status: 'open', selections: [{ key: 'H', odds: '2.50', prevOdds: null }] },
      ],
    }));
    expect(next.markets[0]!.status).toBe('suspended');
    expect(next.markets[1]).toBe(e.markets[1]);
    expect(moves).toEqual([]);
  });

  it('takes the event’s new status (sales closed), and changes nothing when a repeated event brings nothing new', () => {
    const e = event('1');
    expect(applyOddsToEvent(e, payload({ status: 'closed' })).event.status).toBe('closed');
    const same = applyOddsToEvent(e, payload({ markets: [{ market: 'HAD', line: null, status: 'open', selections: [{ key: 'H', odds: '2.10', prevOdds: '2.00' }] }] }));
    expect(same.event).toBe(e);
    expect(same.moves).toEqual([]);
  });

  it('tells up from down on exact prices', () => {
    expect(moveDirection('1.95', '2.00')).toBe('up');
    expect(moveDirection('10.0', '9.50')).toBe('down');
    expect(moveDirection('2.1', '2.10')).toBeNull();
  });
});

describe('live prices for the slip', () => {
  it('reads the current price and the market state, and treats a closed or vanished event as closed', () => {
    const list = [event('1'), { ...event('2'), status: 'closed' as const }];
    expect(livePrice(list, { eventId: '1', market: 'HIL', line: '2.5', selection: 'L' })).toEqual({ odds: '1.90', state: 'open' });
    expect(livePrice(list, { eventId: '2', market: 'HAD', line: null, selection: 'H' })).toEqual({ odds: null, state: 'closed' });
    expect(livePrice(list, { eventId: '9', market: 'HAD', line: null, selection: 'H' })).toEqual({ odds: null, state: 'closed' });
    expect(livePrice(undefined, { eventId: '1', market: 'HAD', line: null, selection: 'H' })).toBeNull();
  });
});
