import { z } from 'zod';
import { MARKET_CODES } from '../football/markets.ts';
import { FINAL_EVENT_STATUSES, FOOTBALL_PRODUCT_CODE } from '../football/product.ts';
import { MATCH_STATUSES } from '../football/settle-leg.ts';
import { paged, pageQuery } from './fields.ts';

/**
 * The wire shapes of HKJC football (API.md "Football", the HKS01 order body and the `odds`
 * event). Odds travel as decimal strings (`"2.10"`, see `formatOdds`); the server keeps them as
 * integer thousandths.
 */

/**
 * What a member sees of an event: `open` while on sale (scheduled and before `salesCloseAt`),
 * `closed` from the sales close until the result, `resulted`, or one of the void reasons
 * (reference §4): postponed, abandoned, void, cancelled. Bets on a void event are refunded
 * (singles) or count at odds 1 (all-up legs).
 */
export const FOOTBALL_EVENT_STATUSES = ['open', 'closed', ...FINAL_EVENT_STATUSES] as const;
export type FootballEventStatusWire = (typeof FOOTBALL_EVENT_STATUSES)[number];

const marketCode = z.enum(MARKET_CODES);
const score = z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) });

export const footballSelectionSchema = z.object({
  /** The selection key of common `FOOTBALL_MARKETS` (`H`, `2.5`'s `H`/`L`, `1:0`, `HO`, a player code). */
  key: z.string(),
  /** English label; the client translates the standard keys itself and uses this for players. */
  label: z.string(),
  odds: z.string(),
});

export const footballMarketSchema = z.object({
  market: marketCode,
  /** The line (`-0.5/-1.0`, `2.5`) or null for markets without one. */
  line: z.string().nullable(),
  /** The headline line when a market offers several (HKJC's `main: true`). */
  main: z.boolean(),
  /** `suspended` near kick-off or while the price is being changed: no bets. */
  status: z.enum(['open', 'suspended', 'closed']),
  selections: z.array(footballSelectionSchema),
});
export type FootballMarketWire = z.infer<typeof footballMarketSchema>;

export const footballPlayerSchema = z.object({ code: z.string(), name: z.string(), team: z.enum(['H', 'A']) });

/** The normal-time facts a match is settled on (common `MatchResult`). */
export const matchResultSchema = z.object({
  status: z.enum(MATCH_STATUSES),
  halfTime: score.nullable().optional(),
  fullTime: score.nullable().optional(),
  corners: z.number().int().min(0).max(99).nullable().optional(),
  firstTeamToScore: z.enum(['H', 'A']).nullable().optional(),
  firstScorer: z.string().nullable().optional(),
  refundedScorers: z.array(z.string()).optional(),
});
export type MatchResultWire = z.infer<typeof matchResultSchema>;

/** A name in other languages, by locale: `{ 'zh-TW': '英超', 'zh-CN': '英超' }`. */
export const localNameSchema = z.record(z.string(), z.string());
/** The league's and teams' names in the languages the source has them in (HKJC: Chinese; our simulation: Chinese too). */
export const footballLocalNamesSchema = z.object({ tournament: localNameSchema.optional(), home: localNameSchema.optional(), away: localNameSchema.optional() });
export type FootballLocalNames = z.infer<typeof footballLocalNamesSchema>;

export const footballEventSchema = z.object({
  id: z.string(),
  /** HKJC's public match code, `FB` + 4 digits. */
  code: z.string(),
  tournament: z.string(),
  tournamentCode: z.string(),
  home: z.string(),
  away: z.string(),
  /** `tournament`, `home` and `away` in other languages, where the source has them. */
  names: footballLocalNamesSchema.optional(),
  kickOffAt: z.string(),
  salesCloseAt: z.string(),
  status: z.enum(FOOTBALL_EVENT_STATUSES),
  /** Where the odds come from: `simulated` (our model) or `hkjc` (the HKJC feed). */
  source: z.enum(['simulated', 'hkjc']),
  players: z.array(footballPlayerSchema),
  markets: z.array(footballMarketSchema),
  /** Null until resulted (or voided). */
  result: matchResultSchema.nullable(),
  /** Simulated events: the sha256 of the secret seed the result is drawn from, public before sales. */
  seedHash: z.string().nullable().optional(),
  /** The seed itself, revealed only with the result (or void) so anyone can recompute the result. */
  seed: z.string().optional(),
  /** Who published the result: `simulated`, `manual` (an operator) or `hkjc` (the feed voided it). */
  resultSource: z.enum(['simulated', 'manual', 'hkjc']).optional(),
});
export type FootballEventWire = z.infer<typeof footballEventSchema>;

export const footballEventsQuery = z.object({
  status: z.enum(FOOTBALL_EVENT_STATUSES, { error: 'invalid' }).optional(),
});

/** One past match of a team, newest first, for "team status". */
export const formEntrySchema = z.object({
  eventId: z.string(),
  kickOffAt: z.string(),
  opponent: z.string(),
  /** `opponent` in other languages, where the source has it. */
  opponentNames: localNameSchema.optional(),
  venue: z.enum(['H', 'A']),
  goalsFor: z.number().int(),
  goalsAgainst: z.number().int(),
  outcome: z.enum(['W', 'D', 'L']),
});
export type FormEntry = z.infer<typeof formEntrySchema>;

export const footballAnalysisSchema = z.object({
  homeForm: z.array(formEntrySchema),
  awayForm: z.array(formEntrySchema),
  /** HAD probabilities with the bookmaker margin removed (they sum to 1); null without HAD odds. */
  probabilities: z.object({ H: z.number(), D: z.number(), A: z.number() }).nullable(),
  /** The HAD overround, e.g. 0.12 for 112 %. */
  margin: z.number().nullable(),
});

/** One recorded price change of a market. */
export const oddsHistoryPointSchema = z.object({
  market: marketCode,
  line: z.string().nullable(),
  at: z.string(),
  odds: z.record(z.string(), z.string()),
});

export const footballEventDetailSchema = footballEventSchema.extend({
  analysis: footballAnalysisSchema,
  /** Recent history, oldest first (`GET /api/football/events/:id?market=&line=` narrows it). */
  history: z.array(oddsHistoryPointSchema),
});
export type FootballEventDetail = z.infer<typeof footballEventDetailSchema>;

export const footballEventDetailQuery = z.object({
  market: marketCode.optional(),
  line: z.string().max(20, { error: 'invalid' }).optional(),
});

/** A finished event with its result and, per market and line, the selections that won. */
export const footballResultItemSchema = footballEventSchema.omit({ markets: true }).extend({
  settledMarkets: z.array(z.object({ market: marketCode, line: z.string().nullable(), winning: z.array(z.string()), refunded: z.array(z.string()) })),
});
export const footballResultsPage = paged(footballResultItemSchema);
export const footballResultsQuery = pageQuery.extend({ tournament: z.string().max(40, { error: 'invalid' }).optional() });

/** A league table computed from our own results. */
export const standingsSchema = z.array(
  z.object({
    tournament: z.string(),
    tournamentCode: z.string(),
    /** `tournament` in other languages, where the source has it. */
    names: localNameSchema.optional(),
    rows: z.array(
      z.object({
        team: z.string(),
        /** `team` in other languages, where the source has it. */
        names: localNameSchema.optional(),
        played: z.number().int(),
        won: z.number().int(),
        drawn: z.number().int(),
        lost: z.number().int(),
        goalsFor: z.number().int(),
        goalsAgainst: z.number().int(),
        points: z.number().int(),
        /** Last five, newest first. */
        form: z.array(z.enum(['W', 'D', 'L'])),
      }),
    ),
  }),
);
export type Standings = z.infer<typeof standingsSchema>;

/** `POST /api/admin/events/:id/result`: the result (status `played`) or a void reason. */
export const footballResultBody = matchResultSchema;

const oddsSelectionChange = z.object({ key: z.string(), odds: z.string(), prevOdds: z.string().nullable() });

/**
 * `odds` (Socket.IO), one per event per odds tick, batching every market of the event whose prices
 * or status changed in `markets`, each with the selections whose price moved (every selection of
 * a market just opened; none when only the status changed). API.md's single-market fields (`market`, `line`, `selections`)
 * are kept and repeat the first entry of `markets` (HAD when it moved), so a client written to
 * API.md still reads a valid change; clients of this repo read `markets`.
 */
export const oddsEventSchema = z.object({
  eventId: z.string(),
  market: marketCode,
  line: z.string().nullable(),
  selections: z.array(oddsSelectionChange),
  at: z.string(),
  /** The event's status when it changed (e.g. `closed` at the sales close). */
  status: z.enum(FOOTBALL_EVENT_STATUSES).optional(),
  markets: z.array(
    z.object({
      market: marketCode,
      line: z.string().nullable(),
      status: z.enum(['open', 'suspended', 'closed']),
      selections: z.array(oddsSelectionChange),
    }),
  ),
});
export type OddsEventPayload = z.infer<typeof oddsEventSchema>;

/** The HKS01 body of `POST /api/orders` and `/quote`. Rules beyond the shape are `validateFootballSlip`'s. */
export const footballLegBody = z.object({
  eventId: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(40, { error: 'invalid' }),
  market: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(10, { error: 'invalid' }),
  line: z.string({ error: 'invalid' }).trim().max(20, { error: 'invalid' }).optional(),
  selection: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(10, { error: 'invalid' }),
  odds: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(10, { error: 'invalid' }),
});
export const footballOrderBody = z.object({
  productCode: z.literal(FOOTBALL_PRODUCT_CODE, { error: 'invalid' }),
  mode: z.enum(['single', 'allup'], { error: 'invalid' }),
  formula: z.string({ error: 'invalid' }).trim().max(10, { error: 'invalid' }).optional(),
  legs: z.array(footballLegBody, { error: 'required' }).min(1, { error: 'required' }).max(64, { error: 'invalid' }),
  unitStake: z.object({
    amount: z.number({ error: 'required' }).int({ error: 'invalid' }),
    currency: z.string({ error: 'required' }),
  }),
  /** When a price moved up since the member saw it, take the better price instead of `odds_changed`. */
  acceptBetterOdds: z.boolean({ error: 'invalid' }).default(false),
  /**
   * Read so it is never dropped unseen: trial points do not pay for football, and `true` is refused
   * with `trial_not_offered` (a real-points order is never placed in its stead).
   */
  trial: z.boolean({ error: 'invalid' }).default(false),
});
export type FootballOrderBody = z.input<typeof footballOrderBody>;
export type FootballOrderRequest = z.output<typeof footballOrderBody>;

/** `details` of `odds_changed`: the current price of every leg whose price moved or closed (odds null: no longer offered). */
export const oddsChangedDetails = z.object({
  current: z.array(
    z.object({
      leg: z.number().int(),
      eventId: z.string(),
      market: marketCode,
      line: z.string().nullable(),
      selection: z.string(),
      odds: z.string().nullable(),
      taken: z.string(),
    }),
  ),
});
export type OddsChangedDetails = z.infer<typeof oddsChangedDetails>;

/**
 * The `football` part of a football order on the wire: the slip as bought (odds taken) with each
 * leg's event, and after settlement each pick's outcome and what the order returned.
 */
export const footballOrderPartSchema = z.object({
  mode: z.enum(['single', 'allup']),
  formula: z.string().nullable(),
  bets: z.number().int(),
  unitStake: z.object({ amount: z.number().int(), currency: z.string() }),
  legs: z.array(
    z.object({
      eventId: z.string(),
      code: z.string(),
      home: z.string(),
      away: z.string(),
      /** `home` and `away` in other languages, where the source has them (as on the event). */
      names: footballLocalNamesSchema.optional(),
      kickOffAt: z.string(),
      eventStatus: z.enum(FOOTBALL_EVENT_STATUSES),
      market: marketCode,
      line: z.string().nullable(),
      selection: z.string(),
      /** The price taken. */
      odds: z.string(),
      result: matchResultSchema.nullable(),
      /** After settlement: win, halfWin, push, halfLoss, loss or void. */
      outcome: z.enum(['win', 'halfWin', 'push', 'halfLoss', 'loss', 'void']).nullable(),
    }),
  ),
  maxPrize: z.object({ amount: z.number().int(), currency: z.string() }),
  /** After settlement, in HKD cents: everything returned, and the part that is refunded stake. */
  payout: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  refund: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type FootballOrderPart = z.infer<typeof footballOrderPartSchema>;

export { marketCode as footballMarketCodeSchema };
