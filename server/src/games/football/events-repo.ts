import { sql, type Insertable, type Selectable } from 'kysely';
import { FINAL_EVENT_STATUSES, type FootballLocalNames, type MatchResult } from '@gp/common';
import type { Executor, Tx } from '../../db/database.ts';
import type { FootballEventsTable, FootballEventStatus, FootballSourceKind } from '../../db/types.ts';

/** A stored event (`football_events`). */
export type FootballEvent = Selectable<FootballEventsTable>;
/** A new event's row: JSON columns (`players`, `model`, `result`) as JSON text. */
export type NewEvent = Insertable<FootballEventsTable>;

/** The most events one list answer carries. */
const LIST_LIMIT = 300;

export type ListFilter = 'open' | 'closed' | 'openOrClosed' | FootballEventStatus;

/**
 * `football_events`: what the routes, orders and settlement read, and the poller's and results'
 * writes. Every status move is conditional on the status it leaves, so a poller, a results job and
 * an operator never undo each other.
 */
export const eventsRepo = {
  find(db: Executor, id: number): Promise<FootballEvent | undefined> {
    return db.selectFrom('football_events').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Events by id, in no particular order (pass ids that `isFootballEventId` accepts). */
  findMany(db: Executor, ids: readonly number[]): Promise<FootballEvent[]> {
    return db.selectFrom('football_events').selectAll().where('id', 'in', [...ids]).execute();
  },

  async exists(db: Executor, id: number) {
    return (await db.selectFrom('football_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /**
   * Events by what a member sees: `open` (scheduled, sales not closed), `closed` (sales closed,
   * no result yet — also a scheduled one the poller has not swept yet), both, or a final status.
   */
  list(db: Executor, filter: ListFilter, now: Date): Promise<FootballEvent[]> {
    let query = db.selectFrom('football_events').selectAll();
    if (filter === 'open') query = query.where('status', '=', 'scheduled').where('sales_close_at', '>', now);
    else if (filter === 'closed')
      query = query.where((eb) => eb.or([eb('status', '=', 'closed'), eb.and([eb('status', '=', 'scheduled'), eb('sales_close_at', '<=', now)])]));
    else if (filter === 'openOrClosed') query = query.where('status', 'in', ['scheduled', 'closed']);
    else query = query.where('status', '=', filter);
    const finalList = filter !== 'open' && filter !== 'closed' && filter !== 'openOrClosed';
    return query.orderBy('kick_off_at', finalList ? 'desc' : 'asc').orderBy('id').limit(LIST_LIMIT).execute();
  },

  /** Finished (resulted or void) events, newest first, optionally of one tournament (by code or name). */
  async finished(db: Executor, options: { tournament?: string; limit: number; offset: number }): Promise<{ rows: FootballEvent[]; total: number }> {
    let query = db.selectFrom('football_events').where('status', 'in', [...FINAL_EVENT_STATUSES]);
    if (options.tournament) {
      const t = options.tournament;
      query = query.where((eb) => eb.or([eb('tournament_code', '=', t), eb('tournament', '=', t)]));
    }
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('kick_off_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  /** A team's last played matches before `before`, newest first. */
  recentOf(db: Executor, team: string, before: Date, limit = 5) {
    return db
      .selectFrom('football_events')
      .select(['id', 'kick_off_at', 'home_team', 'away_team', 'names', 'result'])
      .where('status', '=', 'resulted')
      .where((eb) => eb.or([eb('home_team', '=', team), eb('away_team', '=', team)]))
      .where('kick_off_at', '<', before)
      .orderBy('kick_off_at', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Every team's record from our played results, per tournament: played, won, drawn, lost, goals
   * for and against, and the last five outcomes (newest first) — one pass in SQL.
   */
  async standings(db: Executor) {
    const result = await sql<{
      tournament: string;
      tournament_code: string;
      team: string;
      tournament_names: Record<string, string> | null;
      team_names: Record<string, string> | null;
      played: number;
      won: number;
      drawn: number;
      lost: number;
      goals_for: number;
      goals_against: number;
      form: string | null;
    }>`
      with games as (
        select tournament, tournament_code, kick_off_at, id, home_team as team,
               names->'tournament' as tournament_names, names->'home' as team_names,
               (result->'fullTime'->>'home')::int as gf, (result->'fullTime'->>'away')::int as ga
          from football_events where status = 'resulted' and result->>'status' = 'played'
        union all
        select tournament, tournament_code, kick_off_at, id, away_team,
               names->'tournament', names->'away',
               (result->'fullTime'->>'away')::int, (result->'fullTime'->>'home')::int
          from football_events where status = 'resulted' and result->>'status' = 'played'
      ), ranked as (
        select *, row_number() over (partition by tournament_code, team order by kick_off_at desc, id desc) as n from games
      )
      select tournament_code, max(tournament) as tournament, team,
             (array_agg(tournament_names order by n) filter (where tournament_names is not null))[1] as tournament_names,
             (array_agg(team_names order by n) filter (where team_names is not null))[1] as team_names,
             count(*)::int as played,
             count(*) filter (where gf > ga)::int as won,
             count(*) filter (where gf = ga)::int as drawn,
             count(*) filter (where gf < ga)::int as lost,
             sum(gf)::int as goals_for, sum(ga)::int as goals_against,
             string_agg(case when gf > ga then 'W' when gf = ga then 'D' else 'L' end, '' order by n) filter (where n <= 5) as form
        from ranked group by tournament_code, team`.execute(db);
    return result.rows;
  },

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

  async byExternalId(db: Executor, source: FootballSourceKind, externalIds: readonly string[]) {
    if (externalIds.length === 0) return [];
    const rows = await db
      .selectFrom('football_events')
      .select(['id', 'external_id', 'status', 'sales_close_at', 'names'])
      .where('source', '=', source)
      .where('external_id', 'in', [...externalIds])
      .execute();
    return rows;
  },

  /**
   * Row-locks the events (until commit) that are still scheduled and returns their ids. A result
   * or void (an UPDATE of the same row) waits for the lock, so it never interleaves with the
   * tick's market writes.
   */
  async lockScheduled(db: Executor, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('football_events').select('id').where('id', 'in', [...ids]).where('status', '=', 'scheduled').forNoKeyUpdate().execute();
    return new Set(rows.map((row) => row.id));
  },

  /** New events; an existing (source, external id) keeps its row, its seed and its published hash. */
  async insert(db: Executor, events: readonly NewEvent[]) {
    if (events.length === 0) return [];
    const rows = await db
      .insertInto('football_events')
      .values([...events])
      .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
      .returning(['id', 'external_id', 'status', 'sales_close_at', 'names'])
      .execute();
    return rows;
  },

  /**
   * The local names a source reports, for events stored without any (before migration 0009), in
   * one statement; an event that has names keeps them.
   */
  async fillNames(db: Executor, events: ReadonlyArray<{ id: number; names: FootballLocalNames }>, at: Date) {
    if (events.length === 0) return;
    const values = sql.join(events.map((e) => sql`(${e.id}::bigint, ${JSON.stringify(e.names)}::jsonb)`));
    await sql`
      update football_events as e set names = v.names, updated_at = ${at}
        from (values ${values}) as v(id, names)
       where e.id = v.id and e.names = '{}'::jsonb`.execute(db);
  },

  /** The moved models of open events, in one statement. */
  async saveModels(db: Executor, models: ReadonlyArray<{ id: number; model: unknown }>, at: Date) {
    if (models.length === 0) return;
    const values = sql.join(models.map((m) => sql`(${m.id}::bigint, ${JSON.stringify(m.model)}::jsonb)`));
    await sql`
      update football_events as e set model = v.model, updated_at = ${at}
        from (values ${values}) as v(id, model)
       where e.id = v.id and e.status = 'scheduled'`.execute(db);
  },

  /** Sales close: every open event past its `sales_close_at` becomes `closed`, once. */
  async closeDue(db: Executor, now: Date) {
    const rows = await db
      .updateTable('football_events')
      .set({ status: 'closed', updated_at: now })
      .where('status', '=', 'scheduled')
      .where('sales_close_at', '<=', now)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  },

  /**
   * Publishes a result or a void reason, only from the statuses `change.from` names (never from a
   * final one), so of a results job, its retry, the feed and an operator exactly one wins; the
   * others get no row back.
   */
  async markFinal(
    db: Executor,
    id: number,
    change: { status: FootballEventStatus; result: MatchResult; source: 'simulated' | 'manual' | 'hkjc'; from: readonly FootballEventStatus[] },
    now: Date,
  ): Promise<FootballEvent | undefined> {
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
    return rows;
  },
};
