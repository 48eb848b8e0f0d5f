import type { FootballEventDetail, OddsEventPayload, Standings } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { chooseOption, marketOptions } from './market-options.ts';
import { currentOdds, historyPoints, normalisePoints, pointFromOddsEvent, seriesByKey } from './odds-series.ts';
import { formatGoalDifference, tournamentSummaries } from './standings-summary.ts';

const T0 = Date.parse('2026-06-01T10:00:00Z');
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const history: FootballEventDetail['history'] = [
  { market: 'HAD', line: null, at: iso(5), odds: { H: '2.05' } },
  { market: 'HAD', line: null, at: iso(0), odds: { H: '2.10', D: '3.20', A: '3.40' } },
  { market: 'HDC', line: '-0.5/-1.0', at: iso(1), odds: { H: '1.90', A: '1.90' } },
  { market: 'HAD', line: null, at: iso(9), odds: { A: '3.60' } },
];

describe('odds movement chart', () => {
  it('turns the history of one market into full snapshots, oldest first, carrying unchanged prices forward', () => {
    expect(historyPoints(history, 'HAD', null)).toEqual([
      { at: T0, odds: { H: '2.10', D: '3.20', A: '3.40' } },
      { at: T0 + 5 * 60_000, odds: { H: '2.05', D: '3.20', A: '3.40' } },
      { at: T0 + 9 * 60_000, odds: { H: '2.05', D: '3.20', A: '3.60' } },
    ]);
    expect(historyPoints(history, 'HDC', '-0.5/-1.0')).toHaveLength(1);
    expect(historyPoints(history, 'HDC', '0.0/-0.5')).toEqual([]);
  });

  it('draws one line per selection with epoch-ms x values', () => {
    const series = seriesByKey(historyPoints(history, 'HAD', null), ['H', 'D', 'A']);
    expect(series.map((s) => s.key)).toEqual(['H', 'D', 'A']);
    expect(series[0]!.data).toEqual([
      { x: T0, y: 2.1 },
      { x: T0 + 5 * 60_000, y: 2.05 },
      { x: T0 + 9 * 60_000, y: 2.05 },
    ]);
  });

  it('appends a live odds event for the shown market and ignores other events and markets', () => {
    const payload: OddsEventPayload = {
      eventId: 'e1',
      market: 'HAD',
      line: null,
      selections: [{ key: 'H', odds: '1.98', prevOdds: '2.05' }],
      at: iso(12),
      markets: [
        { market: 'HAD', line: null, status: 'open', selections: [{ key: 'H', odds: '1.98', prevOdds: '2.05' }] },
        { market: 'HDC', line: '-0.5/-1.0', status: 'open', selections: [{ key: 'H', odds: '1.85', prevOdds: '1.90' }] },
      ],
    };
    const live = pointFromOddsEvent(payload, 'e1', 'HAD', null);
    expect(live).toEqual({ at: T0 + 12 * 60_000, odds: { H: '1.98' } });
    expect(pointFromOddsEvent(payload, 'e2', 'HAD', null)).toBeNull();
    expect(pointFromOddsEvent(payload, 'e1', 'HDC', '0.0/-0.5')).toBeNull();
    expect(pointFromOddsEvent(payload, 'e1', 'HDC', '-0.5/-1.0')!.odds).toEqual({ H: '1.85' });

    const points = normalisePoints([...historyPoints(history, 'HAD', null), live!]);
    expect(points[points.length - 1]).toEqual({ at: T0 + 12 * 60_000, odds: { H: '1.98', D: '3.20', A: '3.60' } });
  });

  it('merges a live point and the refetched history of the same instant into one point', () => {
    const again = normalisePoints([{ at: T0, odds: { H: '2.10' } }, { at: T0, odds: { H: '2.10', D: '3.20' } }]);
    expect(again).toEqual([{ at: T0, odds: { H: '2.10', D: '3.20' } }]);
  });

  it('marks the current odds up or down against the price before the last change', () => {
    expect(currentOdds(historyPoints(history, 'HAD', null), ['H', 'D', 'A', 'X'])).toEqual([
      { key: 'H', odds: '2.05', previous: '2.10', trend: 'down' },
      { key: 'D', odds: '3.20', previous: null, trend: 'same' },
      { key: 'A', odds: '3.60', previous: '3.40', trend: 'up' },
      { key: 'X', odds: null, previous: null, trend: 'same' },
    ]);
  });
});

describe('market choice', () => {
  const event = {
    markets: [
      { market: 'HDC' as const, line: '0.0/-0.5', main: false, status: 'open' as const, selections: [{ key: 'H', label: 'Home', odds: '1.80' }] },
      { market: 'HDC' as const, line: '-0.5/-1.0', main: true, status: 'open' as const, selections: [{ key: 'H', label: 'Home', odds: '1.90' }] },
      { market: 'HAD' as const, line: null, main: true, status: 'open' as const, selections: [{ key: 'H', label: 'Home', odds: '2.10' }] },
    ],
  };

  it('orders bet types as the help page does, main lines first, and defaults to HAD', () => {
    const options = marketOptions(event);
    expect(options.map((o) => `${o.market} ${o.line}`)).toEqual(['HAD null', 'HDC -0.5/-1.0', 'HDC 0.0/-0.5']);
    expect(chooseOption(options)!.market).toBe('HAD');
    expect(chooseOption(options, 'HDC', '0.0/-0.5')!.line).toBe('0.0/-0.5');
    expect(chooseOption(options, 'HDC', '+9')!.line).toBe('-0.5/-1.0');
    expect(chooseOption([], 'HAD')).toBeNull();
  });
});

describe('league summaries', () => {
  const standings: Standings = [
    {
      tournament: 'Premier League',
      tournamentCode: 'EPL',
      rows: [
        { team: 'A', played: 1, won: 1, drawn: 0, lost: 0, goalsFor: 2, goalsAgainst: 1, points: 3, form: ['W'] },
        { team: 'C', played: 1, won: 0, drawn: 1, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 1, form: ['D'] },
        { team: 'D', played: 1, won: 0, drawn: 1, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 1, form: ['D'] },
        { team: 'B', played: 1, won: 0, drawn: 0, lost: 1, goalsFor: 1, goalsAgainst: 2, points: 0, form: ['L'] },
      ],
    },
    { tournament: 'Cup', tournamentCode: 'CUP', rows: [] },
  ];

  it('counts matches, decided matches, draws and goals per match from the table', () => {
    expect(tournamentSummaries(standings)).toEqual([
      { tournament: 'Premier League', tournamentCode: 'EPL', matches: 2, decided: 1, drawn: 1, goals: 3, goalsPerMatch: 1.5 },
      { tournament: 'Cup', tournamentCode: 'CUP', matches: 0, decided: 0, drawn: 0, goals: 0, goalsPerMatch: null },
    ]);
  });

  it('signs goal differences', () => {
    expect([formatGoalDifference(5, 2), formatGoalDifference(1, 1), formatGoalDifference(0, 2)]).toEqual(['+3', '0', '\u22122']);
  });
});
