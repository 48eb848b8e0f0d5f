import { MARKET_CODES, type FootballEventWire, type MarketCode } from '@gp/common';

export interface MarketOption {
  market: MarketCode;
  line: string | null;
  /** The headline line of a market offering several (HKJC's `main`). */
  main: boolean;
  /** The selection keys in the event's order, for one chart line and one table row each. */
  keys: string[];
}

/** A stable value for a `<select>` option: `"HDC|-0.5/-1.0"`, `"HAD|"`. */
export const optionValue = (o: { market: string; line: string | null }) => `${o.market}|${o.line ?? ''}`;

/**
 * An event's markets as chart choices, in the 14 bet types' order, the main line of each first.
 * Example: markets HDC `-0.5/-1.0` (main), HAD, HDC `0.0/-0.5` → HAD, HDC −0.5/−1.0, HDC 0.0/−0.5.
 */
export function marketOptions(event: Pick<FootballEventWire, 'markets'>): MarketOption[] {
  const order = (m: MarketCode) => MARKET_CODES.indexOf(m);
  return event.markets
    .map((m) => ({ market: m.market, line: m.line, main: m.main, keys: m.selections.map((s) => s.key) }))
    .sort((a, b) => order(a.market) - order(b.market) || Number(b.main) - Number(a.main));
}

/**
 * The option to show: the requested market and line if the event has it, else the requested
 * market's main line, else HAD, else the first. `null` for an event without markets.
 */
export function chooseOption(options: readonly MarketOption[], market?: string | null, line?: string | null): MarketOption | null {
  return (
    options.find((o) => o.market === market && (o.line ?? '') === (line ?? '')) ??
    options.find((o) => o.market === market) ??
    options.find((o) => o.market === 'HAD') ??
    options[0] ??
    null
  );
}
