import type { FootballResultSource } from '../source.ts';
import { newEventRow } from '../odds-poller.ts';
import { eventsRepo, type NewEvent } from '../events-repo.ts';
import { marketsRepo } from '../markets-repo.ts';
import type { FootballEventStatus } from '../../../db/types.ts';
import type { Executor } from '../../../db/database.ts';
import { fixturesBetween, type Simulation } from './fixtures.ts';
import { sourceMarkets } from './markets.ts';
import { fixtureEvent } from './source.ts';

/** How far back the first start fills in (at most FOOTBALL_HISTORY_MATCHES matches of it). */
const BACKFILL_DAYS = 7;

/**
 * The first start of a simulated deployment: the past week's fixtures (the latest `matches`, 150 by default), stored as
 * played already, so recent form and league tables have data from the first minute. Matches still
 * in progress are stored closed and get their result from the results job like any other.
 * Runs only on an empty table; a concurrent second run inserts nothing (unique external ids).
 * Returns how many events it stored.
 */
export async function backfillSimulated(
  db: Executor,
  options: { now: Date; simulation: Simulation; leadSeconds: number; results: FootballResultSource; matches: number },
): Promise<number> {
  const { now, simulation, leadSeconds, results, matches } = options;
  if (matches === 0 || (await eventsRepo.hasEvents(db, 'simulated'))) return 0;
  const until = new Date(now.getTime() + leadSeconds * 1000);
  const fixtures = fixturesBetween(new Date(now.getTime() - BACKFILL_DAYS * 86_400_000), until, simulation).slice(-matches);
  const rows = fixtures.map((fixture): NewEvent => {
    const row = newEventRow(fixtureEvent(fixture, fixture.model, []), 'simulated', leadSeconds);
    const result = results.resultOf({ id: fixture.externalId, kickOffAt: fixture.kickOffAt, model: fixture.model, seed: row.seed ?? null }, now);
    const status: FootballEventStatus = result === null ? 'closed' : result.status === 'played' ? 'resulted' : result.status;
    return {
      ...row,
      status,
      ...(result ? { result: JSON.stringify(result), result_source: 'simulated' as const, resulted_at: now } : {}),
    };
  });
  const inserted = await eventsRepo.insert(db, rows);
  const byExternal = new Map(fixtures.map((f) => [f.externalId, f]));
  await marketsRepo.insert(
    db,
    inserted.flatMap((event) =>
      sourceMarkets(byExternal.get(event.external_id)!.model, 'open').map((m) => ({ ...m, event_id: event.id, line: m.line ?? '', status: 'closed' as const })),
    ),
    now,
  );
  return inserted.length;
}
