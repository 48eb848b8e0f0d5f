import type { FootballLocalNames } from '@gp/common';
import { localNamesOf } from '../source.ts';
import { TOURNAMENTS, type LocalNames } from './teams.ts';

/**
 * The simulated leagues' and clubs' Chinese names (kept with each league and club in teams.ts), by
 * English name: what a simulated event stored before names were (migration 0009) is named from.
 */
const BY_NAME: ReadonlyMap<string, LocalNames> = new Map(
  TOURNAMENTS.flatMap((t): Array<[string, LocalNames]> => [[t.name, t.localNames], ...t.clubs.map((c): [string, LocalNames] => [c.name, c.localNames])]),
);

/** The local names of a simulated event's league and teams: `{ tournament: { 'zh-TW': '英超', … }, home: …, away: … }`. */
export function simulatedLocalNames(event: { tournament: string; home: string; away: string }): FootballLocalNames {
  return localNamesOf({ tournament: BY_NAME.get(event.tournament), home: BY_NAME.get(event.home), away: BY_NAME.get(event.away) });
}

/** Whether a simulated league or club has its Chinese names (every one should: see the test). */
export const hasLocalNames = (name: string): boolean => BY_NAME.has(name);
