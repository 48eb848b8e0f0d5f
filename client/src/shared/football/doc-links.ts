import type { MarketCode } from '@gp/common';

/** The football pages, so each can link to the others (doc ↔ purchase screen ↔ dashboards). */
export const FOOTBALL_PATHS = {
  purchase: '/main/sports/hkjc-football',
  doc: '/main/sports/hkjc-football-doc',
  odds: '/sidebar/dashboards/hkjc-football',
  soccer: '/sidebar/dashboards/soccer',
} as const;

/** Anchors of the help page's sections other than the bet types (which use their pool code, `#HDC`). */
export const DOC_SECTIONS = {
  basics: 'basics',
  lines: 'line-outcomes',
  voids: 'void-matches',
  tutorial: 'how-to-bet',
  allUp: 'all-up',
  examples: 'worked-examples',
  stakes: 'stakes-and-fees',
} as const;

/**
 * A deep link into the help page, for the purchase screen's "?" next to a bet type.
 * Example: `footballDocPath('HDC')` → `"/main/sports/hkjc-football-doc#HDC"`; `footballDocPath()` → the page's top.
 */
export function footballDocPath(section?: MarketCode | (typeof DOC_SECTIONS)[keyof typeof DOC_SECTIONS]): string {
  return section ? `${FOOTBALL_PATHS.doc}#${section}` : FOOTBALL_PATHS.doc;
}

/** The odds dashboard on one event and market: `oddsDashboardPath('e1', 'HDC', '-0.5/-1.0')`. */
export function oddsDashboardPath(eventId?: string, market?: MarketCode, line?: string | null): string {
  const params = new URLSearchParams();
  if (eventId) params.set('event', eventId);
  if (market) params.set('market', market);
  if (line) params.set('line', line);
  const query = params.toString();
  return query ? `${FOOTBALL_PATHS.odds}?${query}` : FOOTBALL_PATHS.odds;
}
