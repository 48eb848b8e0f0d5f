import { FOOTBALL_MARKETS, NO_FIRST_SCORER, type MarketCode } from '@gp/common';

/**
 * A market's selections in the order members read them (the feed sends them in any order):
 * HAD home, draw, away; HFT HH…AA; correct scores as HKJC's grid; first scorer by player code
 * with "no first scorer" last.
 *
 * Example: HAD `['A', 'D', 'H']` → `['H', 'D', 'A']`.
 */
export function orderSelections<S extends { key: string }>(code: MarketCode, selections: readonly S[]): S[] {
  const keys = FOOTBALL_MARKETS[code].selections;
  const rank = (key: string) => {
    if (keys === 'players') return key === NO_FIRST_SCORER ? Number.MAX_SAFE_INTEGER : Number(key) || Number.MAX_SAFE_INTEGER - 1;
    const i = keys.indexOf(key);
    return i === -1 ? keys.length : i;
  };
  return [...selections].sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}
