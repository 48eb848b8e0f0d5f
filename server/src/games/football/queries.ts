import {
  formatOdds,
  impliedProbabilities,
  overround,
  selectionOutcome,
  type FootballEventDetail,
  type FootballEventStatusWire,
  type FootballEventWire,
  type FootballLocalNames,
  type FormEntry,
  type MarketCode,
  type MatchResult,
  type Paged,
  type Standings,
  type footballResultItemSchema,
} from '@gp/common';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import type { FootballEventRow } from '../../db/types.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { orderedEntries, presentEvent, presentEventHead, sortMarkets } from './present.ts';
import { eventsRepo, type ListFilter } from './events-repo.ts';
import { marketsRepo, type StoredMarket } from './markets-repo.ts';

export type FootballResultItem = z.infer<typeof footballResultItemSchema>;

const HISTORY_POINTS = 300;

function groupByEvent(markets: readonly StoredMarket[]) {
  const byEvent = new Map<number, StoredMarket[]>();
  for (const m of markets) byEvent.set(m.event_id, [...(byEvent.get(m.event_id) ?? []), m]);
  return byEvent;
}

/** `{ [key]: names }` when there are names to give, else nothing (the field is optional on the wire). */
const withNames = <K extends string>(key: K, names: Record<string, string> | undefined | null) =>
  (names && Object.keys(names).length > 0 ? { [key]: names } : {}) as Partial<Record<K, Record<string, string>>>;

/** A team's played match from its own side. */
function formEntry(team: string, row: Pick<FootballEventRow, 'id' | 'kick_off_at' | 'home_team' | 'away_team' | 'names' | 'result'>): FormEntry {
  const ft = (row.result as MatchResult).fullTime ?? { home: 0, away: 0 };
  const home = row.home_team === team;
  const [goalsFor, goalsAgainst] = home ? [ft.home, ft.away] : [ft.away, ft.home];
  return {
    eventId: String(row.id),
    kickOffAt: row.kick_off_at.toISOString(),
    opponent: home ? row.away_team : row.home_team,
    ...withNames('opponentNames', (row.names as FootballLocalNames)[home ? 'away' : 'home']),
    venue: home ? 'H' : 'A',
    goalsFor,
    goalsAgainst,
    outcome: goalsFor > goalsAgainst ? 'W' : goalsFor === goalsAgainst ? 'D' : 'L',
  };
}

/** The result a finished event's bets settle on (a void event without a stored result voids everything). */
function settlingResult(row: FootballEventRow): MatchResult | null {
  if (row.result) return row.result as MatchResult;
  return row.status === 'resulted' || row.status === 'scheduled' || row.status === 'closed' ? null : { status: row.status };
}

/**
 * For each market and line of a finished event, the selections that won (win or half win) and
 * those refunded (push or void), by common `selectionOutcome`, the function bets settle with.
 */
export function settledMarkets(row: FootballEventRow, markets: readonly StoredMarket[]): FootballResultItem['settledMarkets'] {
  const result = settlingResult(row);
  if (!result) return [];
  return sortMarkets(markets).flatMap((m) => {
    const line = m.line === '' ? undefined : m.line;
    try {
      const outcomes = Object.keys(m.odds).map((key) => [key, selectionOutcome({ market: m.market as MarketCode, line, selection: key }, result)] as const);
      return [
        {
          market: m.market as MarketCode,
          line: line ?? null,
          winning: outcomes.filter(([, o]) => o === 'win' || o === 'halfWin').map(([k]) => k),
          refunded: outcomes.filter(([, o]) => o === 'push' || o === 'void').map(([k]) => k),
        },
      ];
    } catch {
      return []; // a result without the facts this market needs (e.g. no corners): not settled here
    }
  });
}

const FILTERS: Record<FootballEventStatusWire, ListFilter> = {
  open: 'open',
  closed: 'closed',
  resulted: 'resulted',
  postponed: 'postponed',
  abandoned: 'abandoned',
  void: 'void',
  cancelled: 'cancelled',
};

export type FootballReads = ReturnType<typeof createFootballReads>;

/**
 * The football read service: what the public routes show — the events list, one event's detail
 * (form, implied probabilities, price history), the results pages and the standings — read
 * through the events and markets repos and presented as API.md says. It writes nothing.
 */
export function createFootballReads(platform: Pick<Platform, 'db' | 'now'>) {
  const { db } = platform;

  /** An event by id (read from the outside by `idParam`/`readId`: a malformed one never gets here); an unknown one is `not_found`. */
  async function findRow(id: number, executor: Executor = db) {
    const row = await eventsRepo.find(executor, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    findRow,

    /** `GET /api/football/events`: open and closed events by default, soonest first, every market with labels. */
    async listEvents(status?: FootballEventStatusWire): Promise<FootballEventWire[]> {
      const now = platform.now();
      const rows = await eventsRepo.list(db, status ? FILTERS[status] : 'openOrClosed', now);
      const markets = groupByEvent(await marketsRepo.ofEvents(db, rows.map((r) => r.id)));
      return rows.map((row) => presentEvent(row, markets.get(row.id) ?? [], now));
    },

    /** `GET /api/football/events/:id`: the event, each team's last five, HAD without the margin, and the recent history. */
    async eventDetail(id: number, query: { market?: MarketCode; line?: string }): Promise<FootballEventDetail> {
      const now = platform.now();
      const row = await findRow(id);
      const [markets, homeRecent, awayRecent, history] = await Promise.all([
        marketsRepo.ofEvents(db, [id]),
        eventsRepo.recentOf(db, row.home_team, row.kick_off_at),
        eventsRepo.recentOf(db, row.away_team, row.kick_off_at),
        marketsRepo.history(db, id, { market: query.market, line: query.line, limit: HISTORY_POINTS }),
      ]);
      const had = markets.find((m) => m.market === 'HAD' && m.line === '');
      const prices = had && ['H', 'D', 'A'].every((k) => typeof had.odds[k] === 'number') ? [had.odds.H!, had.odds.D!, had.odds.A!] : null;
      const probabilities = prices ? impliedProbabilities(prices) : null;
      return {
        ...presentEvent(row, markets, now),
        analysis: {
          homeForm: homeRecent.map((r) => formEntry(row.home_team, r)),
          awayForm: awayRecent.map((r) => formEntry(row.away_team, r)),
          probabilities: probabilities ? { H: probabilities[0]!, D: probabilities[1]!, A: probabilities[2]! } : null,
          margin: prices ? overround(prices) : null,
        },
        history: history.reverse().map((h) => ({
          market: h.market as MarketCode,
          line: h.line === '' ? null : h.line,
          at: h.at.toISOString(),
          odds: Object.fromEntries(orderedEntries(h.market as MarketCode, h.odds).map(([k, v]) => [k, formatOdds(v)])),
        })),
      };
    },

    /** `GET /api/football/results`: finished events, newest first, with what won per market. */
    async results(query: { page: number; pageSize: number; tournament?: string }): Promise<Paged<FootballResultItem>> {
      const now = platform.now();
      const { rows, total } = await eventsRepo.finished(db, { tournament: query.tournament, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      const markets = groupByEvent(await marketsRepo.ofEvents(db, rows.map((r) => r.id)));
      const items = rows.map((row) => ({ ...presentEventHead(row, now), settledMarkets: settledMarkets(row, markets.get(row.id) ?? []) }));
      return { items, page: query.page, pageSize: query.pageSize, total };
    },

    /** `GET /api/football/standings`: 3 points a win, 1 a draw; ties on goal difference, then goals for. */
    async standings(): Promise<Standings> {
      const byTournament = new Map<string, Standings[number]>();
      for (const r of await eventsRepo.standings(db)) {
        const table = byTournament.get(r.tournament_code) ?? { tournament: r.tournament, tournamentCode: r.tournament_code, ...withNames('names', r.tournament_names), rows: [] };
        byTournament.set(r.tournament_code, table);
        table.rows.push({
          team: r.team,
          ...withNames('names', r.team_names),
          played: r.played,
          won: r.won,
          drawn: r.drawn,
          lost: r.lost,
          goalsFor: r.goals_for,
          goalsAgainst: r.goals_against,
          points: r.won * 3 + r.drawn,
          form: [...(r.form ?? '')] as Array<'W' | 'D' | 'L'>,
        });
      }
      const tables = [...byTournament.values()].sort((a, b) => a.tournament.localeCompare(b.tournament));
      for (const table of tables) {
        table.rows.sort(
          (a, b) =>
            b.points - a.points ||
            b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
            b.goalsFor - a.goalsFor ||
            a.team.localeCompare(b.team),
        );
      }
      return tables;
    },
  };
}
