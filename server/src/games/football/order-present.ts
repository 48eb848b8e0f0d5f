import {
  footballMaxPrize,
  finalResultOf,
  type DrawOutcome,
  type FootballEventStatusWire,
  type FootballLocalNames,
  type FootballOrderPart,
  type FootballPickWire,
  type FootballOrderWire,
  type FootballSettlement,
  type FootballSlip,
  type LocalAmount,
  type MatchResultWire,
} from '@gp/common';
import type { OrderRow } from '../../db/types.ts';
import { presentOrderCommon } from '../../orders/service.ts';
import type { OrderEvent } from './order-repo.ts';

/** One pick as bought: the price actually taken, the line as the market offered it (absent for markets without one). Stored as the wire shows it. */
export type FootballPlayLeg = FootballPickWire;

/** A football order's `plays`: the slip as bought, and the most it can return (kept: lists would otherwise recompute it per order). */
export interface FootballPlays {
  mode: 'single' | 'allup';
  formula: string | null;
  unitStake: LocalAmount;
  legs: FootballPlayLeg[];
  maxPrize?: LocalAmount;
}

/** A football order's `draw_result`: `settleFootballSlip`'s answer plus the GP credited for each part. */
export type FootballOutcome = FootballSettlement & { points: { prize: number; refund: number } };

/** The slip a football order bought, as common's rules take it. */
export function slipOfPlays(plays: FootballPlays): FootballSlip {
  return { mode: plays.mode, ...(plays.formula ? { formula: plays.formula } : {}), unitStake: plays.unitStake, legs: plays.legs };
}

/** What a member sees of an event's status: a scheduled event is `open` until its sales close. */
export function eventWireStatus(event: Pick<OrderEvent, 'status' | 'sales_close_at'>, at: Date): FootballEventStatusWire {
  if (event.status === 'scheduled') return at < new Date(event.sales_close_at) ? 'open' : 'closed';
  return event.status;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** A leg's teams in other languages, from its event's stored names (none for an unknown event or a source without them). */
function legNames(event: OrderEvent | undefined): { names?: FootballLocalNames } {
  const names = (event?.names ?? {}) as FootballLocalNames;
  const teams = { ...(names.home ? { home: names.home } : {}), ...(names.away ? { away: names.away } : {}) };
  return Object.keys(teams).length > 0 ? { names: teams } : {};
}

/**
 * The `football` part of an order (common `footballOrderPartSchema`): each pick with its event,
 * the price taken, the match result once final and, after settlement, its outcome; the most the
 * slip can return; and what it returned.
 */
export function presentFootballPart(row: OrderRow, events: ReadonlyMap<string, OrderEvent>, at: Date): FootballOrderPart {
  const plays = row.plays as FootballPlays;
  const outcome = row.draw_result as FootballOutcome | null;
  return {
    mode: plays.mode,
    formula: plays.formula ?? null,
    bets: row.units,
    unitStake: plays.unitStake,
    legs: plays.legs.map((leg, i) => {
      const event = events.get(leg.eventId);
      return {
        eventId: leg.eventId,
        code: event?.code ?? '',
        home: event?.home_team ?? '',
        away: event?.away_team ?? '',
        ...legNames(event),
        kickOffAt: event ? iso(event.kick_off_at) : iso(row.sales_close_at),
        eventStatus: event ? eventWireStatus(event, at) : 'closed',
        market: leg.market,
        line: leg.line ?? null,
        selection: leg.selection,
        odds: leg.odds,
        result: (event ? finalResultOf(event) : null) as MatchResultWire | null,
        outcome: outcome?.picks[i]?.outcome ?? null,
      };
    }),
    maxPrize: plays.maxPrize ?? footballMaxPrize(slipOfPlays(plays)),
    payout: outcome?.payout ?? null,
    refund: outcome?.refund ?? null,
  };
}

/**
 * A settled football order as the generic `drawResult`: the prize part of the payout (refunded
 * stake excluded, it is not a win) with no keno lines; the picks are in the `football` part.
 */
export function footballDrawResult(row: Pick<OrderRow, 'draw_result'>): DrawOutcome | null {
  const outcome = row.draw_result as FootballOutcome | null;
  if (!outcome) return null;
  return { prize: { amount: outcome.payout.amount - outcome.refund.amount, currency: outcome.payout.currency }, lines: [] };
}

/**
 * A football order (HKS01) as API.md shows it: `selections` are the picks as bought, `fee` the
 * handling fee, and `football` the legs with their events (from `events`), results, outcomes and
 * what the slip returned; an event is `open` until its sales close at `at`.
 */
export function presentFootballOrder(row: OrderRow, events: ReadonlyMap<string, OrderEvent>, at: Date): FootballOrderWire {
  return {
    ...presentOrderCommon(row, null),
    playType: 'football',
    selections: (row.plays as FootballPlays).legs,
    drawResult: footballDrawResult(row),
    football: presentFootballPart(row, events, at),
  };
}

/** The event ids a page of football orders needs (one query for the whole page). */
export function footballEventIds(rows: readonly Pick<OrderRow, 'plays'>[]): string[] {
  const ids = new Set<string>();
  for (const row of rows) for (const leg of (row.plays as FootballPlays).legs) ids.add(leg.eventId);
  return [...ids];
}
