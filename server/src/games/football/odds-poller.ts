import type { FootballEventStatusWire, MatchResult } from '@gp/common';
import type { Platform } from '../../platform/platform.ts';
import { newSeed, seedHash } from '../../platform/seed-commitment.ts';
import { diffEvent, marketChange } from './odds-diff.ts';
import { oddsPayload, publishOdds, type MarketChange } from './publish.ts';
import type { OddsSource, SourceEvent } from './source.ts';
import { eventsRepo, type NewEvent } from './events-repo.ts';
import { marketsRepo, type StoredMarket } from './markets-repo.ts';

/** History older than this is pruned; charts show the recent movement only. */
const HISTORY_DAYS = 3;
/** Pruning scans the history table, so it runs at most hourly, not on every tick. */
const PRUNE_EVERY_MS = 3600_000;
/** One runner at a time: a second tick that finds the lock taken skips its writes. */
export const TICK_LOCK = 0x46424f44; // 'FBOD'

export interface TickSummary {
  reported: number;
  created: number;
  changedMarkets: number;
  closedEvents: number;
  voided: number;
  published: number;
  skipped?: 'busy';
}

const isEmpty = (names: unknown) => typeof names !== 'object' || names === null || Object.keys(names).length === 0;

/** A new event's row: sales close the lead time before kick-off; a simulated one commits to a fresh secret seed. */
export function newEventRow(event: SourceEvent, kind: OddsSource['kind'], leadSeconds: number): NewEvent {
  const seed = kind === 'simulated' ? newSeed() : null;
  return {
    source: kind,
    external_id: event.externalId,
    code: event.code,
    tournament: event.tournament,
    tournament_code: event.tournamentCode,
    home_team: event.home,
    away_team: event.away,
    names: JSON.stringify(event.names ?? {}),
    kick_off_at: event.kickOffAt,
    sales_close_at: new Date(event.kickOffAt.getTime() - leadSeconds * 1000),
    players: JSON.stringify(event.players),
    model: event.model === undefined ? null : JSON.stringify(event.model),
    seed,
    seed_hash: seed ? seedHash(seed) : null,
  };
}

/**
 * The odds poller: on each tick, asks the source what it offers and, in one transaction, stores
 * new events, changed markets (with one history row per market whose prices moved), closes the
 * lines no longer offered and the events past their sales close, and applies the feed's void
 * statuses. Then it pushes one `odds` event per event that changed. `afterFinal` runs for each
 * event the feed voided (the settlement hook).
 */
export function createOddsPoller(
  platform: Pick<Platform, 'db' | 'bus' | 'logger' | 'config'>,
  source: OddsSource,
  afterFinal: (eventId: number) => Promise<void>,
) {
  const { db, bus, logger, config } = platform;
  const lead = config.FOOTBALL_SALES_CLOSE_LEAD_SECONDS;
  let lastPrune = 0;

  async function tick(now: Date): Promise<TickSummary> {
    const known = source.kind === 'simulated' ? await eventsRepo.openModels(db, 'simulated') : undefined;
    const reported = await source.events(now, known);
    const changes = new Map<number, { status?: FootballEventStatusWire; markets: MarketChange[] }>();
    const touch = (eventId: number) => changes.get(eventId) ?? changes.set(eventId, { markets: [] }).get(eventId)!;
    const voided: number[] = [];

    const summary = await db.transaction().execute(async (trx) => {
      if (!(await eventsRepo.tryLock(trx, TICK_LOCK))) return null;

      const existing = await eventsRepo.byExternalId(trx, source.kind, reported.map((e) => e.externalId));
      const byExternal = new Map(existing.map((row) => [row.external_id, row]));
      const fresh = reported.filter((e) => !byExternal.has(e.externalId) && !e.voided && now.getTime() < e.kickOffAt.getTime() - lead * 1000);
      for (const row of await eventsRepo.insert(trx, fresh.map((e) => newEventRow(e, source.kind, lead)))) byExternal.set(row.external_id, row);
      // Events stored before names were (migration 0009) take them the next time the source reports them.
      const unnamed = reported.flatMap((event) => {
        const row = byExternal.get(event.externalId);
        return row && isEmpty(row.names) && !isEmpty(event.names) ? [{ id: row.id, names: event.names! }] : [];
      });
      await eventsRepo.fillNames(trx, unnamed, now);

      // Events past their sales close are left to the close below, which closes every market at once.
      const live = reported.flatMap((event) => {
        const row = byExternal.get(event.externalId);
        return row?.status === 'scheduled' && now < row.sales_close_at ? [{ event, id: row.id }] : [];
      });
      const stored = await marketsRepo.ofEvents(trx, live.map((l) => l.id));
      const storedByEvent = new Map<number, StoredMarket[]>();
      for (const m of stored) storedByEvent.set(m.event_id, [...(storedByEvent.get(m.event_id) ?? []), m]);
      const diffs = live.flatMap(({ event, id }) => diffEvent(id, event, storedByEvent.get(id) ?? [], known?.get(event.externalId)?.model) ?? []);
      // Hold the changed events until commit, so an operator's result waits for this tick (then
      // closes every market, these included) or, if it came first, this tick leaves the event alone.
      const writable = await eventsRepo.lockScheduled(trx, diffs.map((d) => d.eventId));
      const applied = diffs.filter((d) => writable.has(d.eventId));

      const inserted = await marketsRepo.insert(trx, applied.flatMap((d) => d.inserts), now);
      const history = [...applied.flatMap((d) => d.history), ...inserted.map((m) => ({ market_id: m.id, odds: m.odds }))];
      await marketsRepo.update(trx, applied.flatMap((d) => d.updates), now);
      await marketsRepo.appendHistory(trx, history, now);
      await marketsRepo.close(trx, { ids: applied.flatMap((d) => d.closeIds) }, now);
      await eventsRepo.saveModels(trx, applied.flatMap((d) => (d.model === undefined ? [] : [{ id: d.eventId, model: d.model }])), now);
      for (const diff of applied) touch(diff.eventId).markets.push(...diff.changes);

      for (const event of reported) {
        const row = byExternal.get(event.externalId);
        if (!event.voided || !row || (row.status !== 'scheduled' && row.status !== 'closed')) continue;
        const result: MatchResult = { status: event.voided };
        if (await eventsRepo.markFinal(trx, row.id, { status: event.voided, result, source: 'hkjc', from: ['scheduled', 'closed'] }, now)) {
          voided.push(row.id);
          touch(row.id).status = event.voided;
        }
      }
      const closedEvents = await eventsRepo.closeDue(trx, now);
      for (const id of closedEvents) touch(id).status = 'closed';
      for (const m of await marketsRepo.close(trx, { eventIds: [...closedEvents, ...voided] }, now)) {
        touch(m.event_id).markets.push(marketChange(m, 'closed', m.odds, m.odds));
      }
      if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = now.getTime();
        await marketsRepo.pruneHistory(trx, new Date(now.getTime() - HISTORY_DAYS * 86_400_000));
      }
      const changedMarkets = applied.reduce((n, d) => n + d.inserts.length + d.updates.length + d.closeIds.length, 0);
      return { created: fresh.length, changedMarkets, closedEvents: closedEvents.length };
    });

    if (!summary) return { reported: reported.length, created: 0, changedMarkets: 0, closedEvents: 0, voided: 0, published: 0, skipped: 'busy' };
    for (const [eventId, { status, markets }] of changes) await publishOdds(bus, oddsPayload(eventId, markets, now, status));
    for (const eventId of voided) {
      try {
        await afterFinal(eventId);
      } catch (error) {
        logger.error({ err: error, eventId }, 'could not queue the settlement of a voided event');
      }
    }
    const result = { reported: reported.length, ...summary, voided: voided.length, published: changes.size };
    logger.debug({ source: source.kind, ...result }, 'odds tick');
    return result;
  }

  return { tick };
}
