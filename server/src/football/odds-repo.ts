import { sql } from 'kysely';
import type { MatchResult } from '@gp/common';
import type { Executor, Tx } from '../db/database.ts';
import type { FootballEventStatus, FootballMarketStatus, FootballSourceKind } from '../db/types.ts';

/**
 * The writes of the odds poller and of resulting. Every statement is batched (one per kind of
 * change per tick, whatever the number of events), and every status move is conditional on the
 * status it leaves, so a poller, a results job and an operator never undo each other.
 */
export interface StoredMarket {
  id: string;
  event_id: string;
  market: string;
  /** `''` for markets without a line. */
  line: string;
  main: boolean;
  status: FootballMarketStatus;
  odds: Record<string, number>;
}

export interface NewEvent {
  source: FootballSourceKind;
  external_id: string;
  code: string;
  tournament: string;
  tournament_code: string;
  home_team: string;
  away_team: string;
  kick_off_at: Date;
  sales_close_at: Date;
  status?: FootballEventStatus;
  players: string;
  model: string | null;
  seed: string | null;
  seed_hash: string | null;
  result?: string | null;
  result_source?: 'simulated' | 'manual' | 'hkjc' | null;
  resulted_at?: Date | null;
}

export interface NewMarket {
  event_id: string;
  market: string;
  line: string;
  main: boolean;
  status: FootballMarketStatus;
  odds: Record<string, number>;
}

const MARKET_COLUMNS = ['id', 'event_id', 'market', 'line', 'main', 'status', 'odds'] as const;
const asMarket = (row: { id: string | number; event_id: string | number } & Omit<StoredMarket, 'id' | 'event_id'>): StoredMarket => ({
  ...row,
  id: String(row.id),
  event_id: String(row.event_id),
});

export const oddsRepo = {
  /** Takes the transaction-scoped advisory lock `key` if it is free; `false` when another transaction holds it. */
  async tryLock(trx: Tx, key: number): Promise<boolean> {
    const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${key}) as locked`.execute(trx);
    return lock.rows[0]?.locked === true;
  },

  /** The open events of a source with their models: what the simulated source moves from. */
  async openModels(db: Executor, source: FootballSourceKind) {
    const rows = await db.selectFrom('football_events').select(['external_id', 'model']).where('source', '=', source).where('status', '=', 'scheduled').execute();
    return new Map(rows.map((row) => [row.external_id, { model: row.model }]));
  },

  async hasEvents(db: Executor, source: FootballSourceKind) {
    return (await db.selectFrom('football_events').select('id').where('source', '=', source).limit(1).executeTakeFirst()) !== undefined;
  },

  async eventsByExternalId(db: Executor, source: FootballSourceKind, externalIds: readonly string[]) {
    if (externalIds.length === 0) return [];
    const rows = await db
      .selectFrom('football_events')
      .select(['id', 'external_id', 'status', 'sales_close_at'])
      .where('source', '=', source)
      .where('external_id', 'in', [...externalIds])
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  /**
   * Row-locks the events (until commit) that are still scheduled and returns their ids. A result
   * or void (an UPDATE of the same row) waits for the lock, so it never interleaves with the
   * tick's market writes.
   */
  async lockScheduled(db: Executor, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('football_events').select('id').where('id', 'in', [...ids]).where('status', '=', 'scheduled').forNoKeyUpdate().execute();
    return new Set(rows.map((row) => String(row.id)));
  },

  /** New events; an existing (source, external id) keeps its row, its seed and its published hash. */
  async insertEvents(db: Executor, events: readonly NewEvent[]) {
    if (events.length === 0) return [];
    const rows = await db
      .insertInto('football_events')
      .values([...events])
      .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
      .returning(['id', 'external_id', 'status', 'sales_close_at'])
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  async marketsOf(db: Executor, eventIds: readonly string[]): Promise<StoredMarket[]> {
    if (eventIds.length === 0) return [];
    const rows = await db.selectFrom('football_markets').select(MARKET_COLUMNS).where('event_id', 'in', [...eventIds]).orderBy('id').execute();
    return rows.map(asMarket);
  },

  async insertMarkets(db: Executor, markets: readonly NewMarket[], at: Date): Promise<StoredMarket[]> {
    if (markets.length === 0) return [];
    const rows = await db
      .insertInto('football_markets')
      .values(markets.map((m) => ({ ...m, odds: JSON.stringify(m.odds), updated_at: at })))
      .onConflict((oc) => oc.columns(['event_id', 'market', 'line']).doNothing())
      .returning(MARKET_COLUMNS)
      .execute();
    return rows.map(asMarket);
  },

  /** One UPDATE for every changed market of the tick. */
  async updateMarkets(db: Executor, changes: ReadonlyArray<Pick<StoredMarket, 'id' | 'main' | 'status' | 'odds'>>, at: Date) {
    if (changes.length === 0) return;
    const values = sql.join(changes.map((c) => sql`(${c.id}::bigint, ${JSON.stringify(c.odds)}::jsonb, ${c.status}::text, ${c.main}::boolean)`));
    await sql`
      update football_markets as m
         set odds = v.odds, status = v.status, main = v.main, updated_at = ${at}
        from (values ${values}) as v(id, odds, status, main)
       where m.id = v.id`.execute(db);
  },

  async appendHistory(db: Executor, points: ReadonlyArray<{ market_id: string; odds: Record<string, number> }>, at: Date) {
    if (points.length === 0) return;
    await db
      .insertInto('football_odds_history')
      .values(points.map((p) => ({ market_id: p.market_id, odds: JSON.stringify(p.odds), at })))
      .execute();
  },

  /** Closes markets (a line no longer offered, an event past its sales close or void); returns those that were not closed yet. */
  async closeMarkets(db: Executor, where: { ids?: readonly string[]; eventIds?: readonly string[] }, at: Date): Promise<StoredMarket[]> {
    const ids = where.ids ?? [];
    const eventIds = where.eventIds ?? [];
    if (ids.length === 0 && eventIds.length === 0) return [];
    const rows = await db
      .updateTable('football_markets')
      .set({ status: 'closed', updated_at: at })
      .where('status', '<>', 'closed')
      .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', [...ids])] : []), ...(eventIds.length ? [eb('event_id', 'in', [...eventIds])] : [])]))
      .returning(MARKET_COLUMNS)
      .execute();
    return rows.map(asMarket);
  },

  /** The moved models of open events, in one statement. */
  async saveModels(db: Executor, models: ReadonlyArray<{ id: string; model: unknown }>, at: Date) {
    if (models.length === 0) return;
    const values = sql.join(models.map((m) => sql`(${m.id}::bigint, ${JSON.stringify(m.model)}::jsonb)`));
    await sql`
      update football_events as e set model = v.model, updated_at = ${at}
        from (values ${values}) as v(id, model)
       where e.id = v.id and e.status = 'scheduled'`.execute(db);
  },

  /** Sales close: every open event past its `sales_close_at` becomes `closed`, once. */
  async closeDueEvents(db: Executor, now: Date) {
    const rows = await db
      .updateTable('football_events')
      .set({ status: 'closed', updated_at: now })
      .where('status', '=', 'scheduled')
      .where('sales_close_at', '<=', now)
      .returning('id')
      .execute();
    return rows.map((row) => String(row.id));
  },

  /**
   * Publishes a result or a void reason, only from the statuses `change.from` names (never from a
   * final one), so of a results job, its retry, the feed and an operator exactly one wins; the
   * others get no row back.
   */
  async markFinal(
    db: Executor,
    id: string,
    change: { status: FootballEventStatus; result: MatchResult; source: 'simulated' | 'manual' | 'hkjc'; from: readonly FootballEventStatus[] },
    now: Date,
  ) {
    return db
      .updateTable('football_events')
      .set({ status: change.status, result: JSON.stringify(change.result), result_source: change.source, resulted_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', [...change.from])
      .returningAll()
      .executeTakeFirst();
  },

  /** Closed events whose match should be over: kick-off at or before `kickedOffBy`. */
  async dueForResult(db: Executor, kickedOffBy: Date, limit = 200) {
    const rows = await db
      .selectFrom('football_events')
      .select(['id', 'kick_off_at', 'model', 'seed'])
      .where('status', '=', 'closed')
      .where('kick_off_at', '<=', kickedOffBy)
      .orderBy('kick_off_at')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },

  async pruneHistory(db: Executor, before: Date) {
    const result = await db.deleteFrom('football_odds_history').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
