import { isFootballEventId, type FootballEventStatusWire, type MarketCode, type MatchResultWire } from '@gp/common';
import type { Executor } from '../../db/database.ts';
import type { Platform } from '../../platform/platform.ts';
import { createHkjcOddsSource, type Transport } from './hkjc/source.ts';
import { createOddsPoller, type TickSummary } from './odds-poller.ts';
import { wireStatus } from './present.ts';
import { eventsRepo } from './events-repo.ts';
import { marketsRepo } from './markets-repo.ts';
import { createFootballReads } from './queries.ts';
import { createResultRecorder } from './result-recorder.ts';
import { footballResultSource } from './result-source.ts';
import { backfillSimulated } from './simulated/backfill.ts';
import type { Random } from './simulated/rng.ts';
import { createSimulatedOddsSource } from './simulated/source.ts';
import type { OddsSource } from './source.ts';

export type FootballService = ReturnType<typeof createFootballService>;

export interface FootballHooks {
  /** Runs once for each event that gets its result or a void status (the server queues its settlement). Default: nothing. */
  afterResulted?: (eventId: number) => Promise<void>;
  /** Replaces the ODDS_SOURCE choice (tests: a recorded HKJC feed). */
  oddsSource?: OddsSource;
  /** The simulated walk's randomness (tests pass a seeded one). */
  random?: Random;
  /** The HKJC transport (tests replay recorded answers). */
  hkjcTransport?: Transport;
}

/** What an order needs of one event: whether it is on sale and every market's current prices (thousandths). */
export interface EventOffer {
  id: string;
  code: string;
  home: string;
  away: string;
  kickOffAt: Date;
  salesCloseAt: Date;
  status: FootballEventStatusWire;
  /** Scheduled and before its sales close. */
  onSale: boolean;
  markets: Array<{ market: MarketCode; line: string | null; main: boolean; status: 'open' | 'suspended' | 'closed'; odds: Record<string, number> }>;
}

/**
 * The price a selection can be bought at now, in thousandths, or `null` when it cannot be bought
 * (event not on sale, market suspended or closed, no such line or selection).
 * Example: `priceOf(offer, 'HDC', '-0.5/-1.0', 'H')` → `1950`.
 */
export function priceOf(offer: EventOffer, market: MarketCode, line: string | null | undefined, selection: string): number | null {
  if (!offer.onSale) return null;
  const found = offer.markets.find((m) => m.market === market && m.line === (line ?? null));
  if (!found || found.status !== 'open') return null;
  return found.odds[selection] ?? null;
}

/**
 * HKJC football (HKS01): the odds poller (simulated model or HKJC feed), sales close, results
 * (simulated, the feed's voids, or the operator) and the public reads. `afterResulted` runs for
 * each event that becomes final.
 */
export function createFootballService(platform: Pick<Platform, 'db' | 'bus' | 'config' | 'logger' | 'now'>, hooks: FootballHooks = {}) {
  const { config, db, logger } = platform;
  const afterResulted = hooks.afterResulted ?? (async () => undefined);
  const source: OddsSource =
    hooks.oddsSource ??
    (config.ODDS_SOURCE === 'hkjc'
      ? createHkjcOddsSource({ url: config.HKJC_FEED_URL, transport: hooks.hkjcTransport })
      : createSimulatedOddsSource({ simulation: config.FOOTBALL_SIMULATION, salesCloseLeadSeconds: config.FOOTBALL_SALES_CLOSE_LEAD_SECONDS, random: hooks.random }));
  const resultSource = footballResultSource(config);
  const poller = createOddsPoller(platform, source, afterResulted);
  const recorder = createResultRecorder(platform, resultSource, afterResulted);
  const reads = createFootballReads(platform);

  return {
    ...reads,
    oddsSource: source.kind,
    resultSource: resultSource.kind,

    /**
     * One odds tick (the odds job calls it every ODDS_INTERVAL_MS). The first tick of a simulated
     * deployment with simulated results also fills in the past week's played matches.
     */
    async tick(now: Date = platform.now()): Promise<TickSummary & { backfilled: number }> {
      let backfilled = 0;
      if (source.kind === 'simulated' && resultSource.kind === 'simulated' && !(await eventsRepo.hasEvents(db, 'simulated'))) {
        backfilled = await db.transaction().execute((trx) =>
          backfillSimulated(trx, { now, simulation: config.FOOTBALL_SIMULATION, leadSeconds: config.FOOTBALL_SALES_CLOSE_LEAD_SECONDS, results: resultSource, matches: config.FOOTBALL_HISTORY_MATCHES }),
        );
        if (backfilled) logger.info({ backfilled }, 'simulated football history filled in');
      }
      return { ...(await poller.tick(now)), backfilled };
    },

    /** The results job: simulated results of closed matches that should be over. Returns how many. */
    resultDue: (now: Date = platform.now()) => recorder.resultDue(now),

    /** Publishes an operator's result: the four-eyes entry's (`POST /api/admin/results`, admin/four-eyes.ts) once two staff agree. */
    enterResult: async (id: number, body: MatchResultWire) => recorder.enterResult(await reads.findRow(id), body, platform.now()),

    /** What `enterResult` would refuse, without publishing: so a four-eyes entry is checked before it is recorded. */
    checkResult: async (id: number, body: MatchResultWire) => recorder.checkResult(await reads.findRow(id), body, platform.now()),

    /**
     * The events an order names, with their current prices (see `priceOf`). Pass the order's
     * transaction to read inside it. Unknown ids are absent from the map.
     */
    async offers(eventIds: readonly string[], executor: Executor = db): Promise<Map<string, EventOffer>> {
      // The slip's event ids (wire text); the map is keyed by them too.
      const ids = [...new Set(eventIds)].filter(isFootballEventId).map(Number);
      if (ids.length === 0) return new Map();
      const now = platform.now();
      const rows = await eventsRepo.findMany(executor, ids);
      const markets = await marketsRepo.ofEvents(executor, ids);
      return new Map(
        rows.map((row) => {
          const id = String(row.id);
          const status = wireStatus(row, now);
          return [
            id,
            {
              id,
              code: row.code,
              home: row.home_team,
              away: row.away_team,
              kickOffAt: row.kick_off_at,
              salesCloseAt: row.sales_close_at,
              status,
              onSale: status === 'open',
              markets: markets
                .filter((m) => m.event_id === row.id)
                .map((m) => ({ market: m.market as MarketCode, line: m.line === '' ? null : m.line, main: m.main, status: m.status, odds: m.odds })),
            },
          ];
        }),
      );
    },

    /** The stored row of one event (the settlement reads its result). */
    event: (id: number, executor: Executor = db) => eventsRepo.find(executor, id),

    /** Whether an event with this id exists (the socket gateway's `odds:HKS01:<id>` channels). */
    /** `id` as an odds channel names it (text, up to PostgreSQL's bigint): one above 2^53 names no event. */
    eventExists: (id: string) => (Number.isSafeInteger(Number(id)) ? eventsRepo.exists(db, Number(id)) : Promise.resolve(false)),
  };
}
