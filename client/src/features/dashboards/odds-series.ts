import type { FootballEventDetail, OddsEventPayload } from '@gp/common';

/** The prices of one market and line at one moment: every selection's decimal odds as sent (`"2.10"`). */
export interface OddsPoint {
  at: number;
  odds: Readonly<Record<string, string>>;
}

type HistoryEntry = FootballEventDetail['history'][number];

const sameLine = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/**
 * Sorts points by time, merges points of the same instant (the later one wins per selection) and
 * carries each selection's last price forward, so every point is a full snapshot even when a
 * change names only the selections that moved.
 */
export function normalisePoints(points: readonly OddsPoint[]): OddsPoint[] {
  const sorted = [...points].filter((p) => Number.isFinite(p.at)).sort((a, b) => a.at - b.at);
  const out: OddsPoint[] = [];
  for (const point of sorted) {
    const last = out[out.length - 1];
    if (last && last.at === point.at) out[out.length - 1] = { at: point.at, odds: { ...last.odds, ...point.odds } };
    else out.push({ at: point.at, odds: { ...last?.odds, ...point.odds } });
  }
  return out;
}

/**
 * The recorded history of one market and line as points, oldest first.
 * Example: two HAD entries at 10:00 `{H: '2.10', D: '3.20', A: '3.40'}` and 10:05 `{H: '2.05'}` →
 * `[{ at: <10:00>, odds: {H: '2.10', D: '3.20', A: '3.40'} }, { at: <10:05>, odds: {H: '2.05', D: '3.20', A: '3.40'} }]`.
 */
export function historyPoints(history: readonly HistoryEntry[], market: string, line: string | null): OddsPoint[] {
  return normalisePoints(
    history.filter((h) => h.market === market && sameLine(h.line, line)).map((h) => ({ at: Date.parse(h.at), odds: h.odds })),
  );
}

/**
 * The live change of an `odds` event for this market and line as a point, or `null` when the
 * event does not touch it. Example: a payload whose `markets` has `{ market: 'HAD', line: null,
 * selections: [{ key: 'H', odds: '2.05', prevOdds: '2.10' }] }` → `{ at, odds: { H: '2.05' } }`.
 */
export function pointFromOddsEvent(payload: OddsEventPayload, eventId: string, market: string, line: string | null): OddsPoint | null {
  if (payload.eventId !== eventId) return null;
  // `markets` is the batch; the API.md single-market fields repeat its first entry, used only if it is absent.
  const entries = payload.markets?.length ? payload.markets : [{ market: payload.market, line: payload.line, selections: payload.selections }];
  const entry = entries.find((m) => m.market === market && sameLine(m.line, line));
  if (!entry || entry.selections.length === 0) return null;
  return { at: Date.parse(payload.at), odds: Object.fromEntries(entry.selections.map((s) => [s.key, s.odds])) };
}

/** One chart line per selection: `{ key, data: [{ x: epoch ms, y: odds }] }`, in `keys` order. */
export function seriesByKey(points: readonly OddsPoint[], keys: readonly string[]): { key: string; data: { x: number; y: number }[] }[] {
  return keys.map((key) => ({
    key,
    // Display only: the chart needs numbers; the exact decimal strings stay in the table.
    data: points.filter((p) => p.odds[key] !== undefined).map((p) => ({ x: p.at, y: Number(p.odds[key]) })),
  }));
}

export type Trend = 'up' | 'down' | 'same';

/**
 * Each selection's latest price and the price before its last change (up = longer odds).
 * Example: H went 2.10 → 2.05 and D stayed 3.20 →
 * `[{ key: 'H', odds: '2.05', previous: '2.10', trend: 'down' }, { key: 'D', odds: '3.20', previous: null, trend: 'same' }]`.
 */
export function currentOdds(
  points: readonly OddsPoint[],
  keys: readonly string[],
): { key: string; odds: string | null; previous: string | null; trend: Trend }[] {
  return keys.map((key) => {
    const values = points.map((p) => p.odds[key]).filter((v): v is string => v !== undefined);
    const odds = values[values.length - 1] ?? null;
    let previous: string | null = null;
    for (let i = values.length - 2; i >= 0 && odds !== null; i--) {
      if (Number(values[i]) !== Number(odds)) {
        previous = values[i]!;
        break;
      }
    }
    const trend: Trend = previous === null ? 'same' : Number(odds) > Number(previous) ? 'up' : 'down';
    return { key, odds, previous, trend };
  });
}
