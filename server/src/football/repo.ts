import { sql } from 'kysely';
import { FINAL_EVENT_STATUSES } from '@gp/common';
import type { Executor } from '../db/database.ts';
import type { FootballEventStatus } from '../db/types.ts';

/** The most events one list answer carries. */
const LIST_LIMIT = 300;

export type ListFilter = 'open' | 'closed' | 'openOrClosed' | FootballEventStatus;

/** The read side: what the routes show and the orders and settlement modules look up. */
export const footballRepo = {
  find(db: Executor, id: string) {
    return db.selectFrom('football_events').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Events by id, in no particular order (pass ids that `isFootballEventId` accepts). */
  findMany(db: Executor, ids: readonly string[]) {
    return db.selectFrom('football_events').selectAll().where('id', 'in', [...ids]).execute();
  },

  async exists(db: Executor, id: string) {
    return (await db.selectFrom('football_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /**
   * Events by what a member sees: `open` (scheduled, sales not closed), `closed` (sales closed,
   * no result yet — also a scheduled one the poller has not swept yet), both, or a final status.
   */
  list(db: Executor, filter: ListFilter, now: Date) {
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
  async finished(db: Executor, options: { tournament?: string; limit: number; offset: number }) {
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
      .select(['id', 'kick_off_at', 'home_team', 'away_team', 'result'])
      .where('status', '=', 'resulted')
      .where((eb) => eb.or([eb('home_team', '=', team), eb('away_team', '=', team)]))
      .where('kick_off_at', '<', before)
      .orderBy('kick_off_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** The latest price changes of an event (one market, or one market line), newest first. */
  history(db: Executor, eventId: string, options: { market?: string; line?: string; limit: number }) {
    let query = db
      .selectFrom('football_odds_history as h')
      .innerJoin('football_markets as m', 'm.id', 'h.market_id')
      .select(['m.market', 'm.line', 'h.at', 'h.odds'])
      .where('m.event_id', '=', eventId);
    if (options.market) query = query.where('m.market', '=', options.market);
    if (options.line !== undefined) query = query.where('m.line', '=', options.line);
    return query.orderBy('h.at', 'desc').orderBy('h.id', 'desc').limit(options.limit).execute();
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
               (result->'fullTime'->>'home')::int as gf, (result->'fullTime'->>'away')::int as ga
          from football_events where status = 'resulted' and result->>'status' = 'played'
        union all
        select tournament, tournament_code, kick_off_at, id, away_team,
               (result->'fullTime'->>'away')::int, (result->'fullTime'->>'home')::int
          from football_events where status = 'resulted' and result->>'status' = 'played'
      ), ranked as (
        select *, row_number() over (partition by tournament_code, team order by kick_off_at desc, id desc) as n from games
      )
      select tournament_code, max(tournament) as tournament, team,
             count(*)::int as played,
             count(*) filter (where gf > ga)::int as won,
             count(*) filter (where gf = ga)::int as drawn,
             count(*) filter (where gf < ga)::int as lost,
             sum(gf)::int as goals_for, sum(ga)::int as goals_against,
             string_agg(case when gf > ga then 'W' when gf = ga then 'D' else 'L' end, '' order by n) filter (where n <= 5) as form
        from ranked group by tournament_code, team`.execute(db);
    return result.rows;
  },
};
