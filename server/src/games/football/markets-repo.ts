import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { FootballMarketsTable } from '../../db/types.ts';

/** A stored market (`football_markets`) as the poller, the presenters and settlement read it; `line` is `''` for markets without one. */
export type StoredMarket = Pick<Selectable<FootballMarketsTable>, 'id' | 'event_id' | 'market' | 'line' | 'main' | 'status' | 'odds'>;

/** A new market's row: every column the poller decides, the odds as the code holds them (stored as JSON). */
export type NewMarket = Required<Pick<Insertable<FootballMarketsTable>, 'event_id' | 'market' | 'line' | 'main' | 'status'>> & { odds: StoredMarket['odds'] };

const MARKET_COLUMNS = ['id', 'event_id', 'market', 'line', 'main', 'status', 'odds'] as const;
/** Ids as strings (pg hands int8 columns back as numbers, see db/types.ts). */
const asMarket = (row: StoredMarket): StoredMarket => ({ ...row, id: row.id, event_id: row.event_id });

/**
 * `football_markets` and their price history (`football_odds_history`): the writes of the odds
 * poller and of resulting, and the history charts read. Every statement is batched (one per kind
 * of change per tick, whatever the number of events).
 */
export const marketsRepo = {
  async ofEvents(db: Executor, eventIds: readonly number[]): Promise<StoredMarket[]> {
    if (eventIds.length === 0) return [];
    const rows = await db.selectFrom('football_markets').select(MARKET_COLUMNS).where('event_id', 'in', [...eventIds]).orderBy('id').execute();
    return rows.map(asMarket);
  },

  async insert(db: Executor, markets: readonly NewMarket[], at: Date): Promise<StoredMarket[]> {
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
  async update(db: Executor, changes: ReadonlyArray<Pick<StoredMarket, 'id' | 'main' | 'status' | 'odds'>>, at: Date) {
    if (changes.length === 0) return;
    const values = sql.join(changes.map((c) => sql`(${c.id}::bigint, ${JSON.stringify(c.odds)}::jsonb, ${c.status}::text, ${c.main}::boolean)`));
    await sql`
      update football_markets as m
         set odds = v.odds, status = v.status, main = v.main, updated_at = ${at}
        from (values ${values}) as v(id, odds, status, main)
       where m.id = v.id`.execute(db);
  },

  /** Closes markets (a line no longer offered, an event past its sales close or void); returns those that were not closed yet. */
  async close(db: Executor, where: { ids?: readonly number[]; eventIds?: readonly number[] }, at: Date): Promise<StoredMarket[]> {
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

  async appendHistory(db: Executor, points: ReadonlyArray<{ market_id: number; odds: StoredMarket['odds'] }>, at: Date) {
    if (points.length === 0) return;
    await db
      .insertInto('football_odds_history')
      .values(points.map((p) => ({ market_id: p.market_id, odds: JSON.stringify(p.odds), at })))
      .execute();
  },

  /** The latest price changes of an event (one market, or one market line), newest first. */
  history(db: Executor, eventId: number, options: { market?: string; line?: string; limit: number }) {
    let query = db
      .selectFrom('football_odds_history as h')
      .innerJoin('football_markets as m', 'm.id', 'h.market_id')
      .select(['m.market', 'm.line', 'h.at', 'h.odds'])
      .where('m.event_id', '=', eventId);
    if (options.market) query = query.where('m.market', '=', options.market);
    if (options.line !== undefined) query = query.where('m.line', '=', options.line);
    return query.orderBy('h.at', 'desc').orderBy('h.id', 'desc').limit(options.limit).execute();
  },

  async pruneHistory(db: Executor, before: Date) {
    const result = await db.deleteFrom('football_odds_history').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
