import {
  FOOTBALL_MARKETS,
  FOOTBALL_PRODUCT_CODE,
  HKS01_STAKE_RULES,
  NO_FIRST_SCORER,
  footballCost,
  footballMaxPrize,
  formatOdds,
  parseLine,
  parseOdds,
  toPoints,
  validateFootballSlip,
  type CurrencyCode,
  type FootballOrderRequest,
  type FootballSlip,
  type FootballStakeRules,
  type LocalAmount,
  type MarketCode,
  type MarketDefinition,
  type OddsChangedDetails,
  type QuoteResponse,
} from '@gp/common';
import type { Config } from '../../config.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import type { OrderPlumbing, RecordOrder } from '../../orders/service.ts';
import { presentFootballOrder, type FootballPlays } from './order-present.ts';
import { footballOrdersRepo, type OrderEvent } from './order-repo.ts';

/** HKS01's stake rules with the deployment's handling-fee schedule (FOOTBALL_FEE_SCHEDULE) when one is set. */
export function footballStakeRules(config: Pick<Config, 'FOOTBALL_FEE_SCHEDULE'>): FootballStakeRules {
  if (!config.FOOTBALL_FEE_SCHEDULE) return HKS01_STAKE_RULES;
  return { ...HKS01_STAKE_RULES, fees: { bands: config.FOOTBALL_FEE_SCHEDULE, confidence: 'confirmed', source: 'The deployment’s FOOTBALL_FEE_SCHEDULE.' } };
}

/** A slip checked against the events and their current prices, ready to buy. */
interface PricedSlip {
  /** The slip with the prices actually taken and each line as the market offers it. */
  slip: FootballSlip;
  cost: ReturnType<typeof footballCost>;
  maxPrize: LocalAmount;
  /** GP hundredths debited: stake + fee at the HKD rate. */
  total: number;
  events: Map<string, OrderEvent>;
}

/** The body as common's slip rules take it (a blank line or formula reads as absent). */
function slipOf(body: FootballOrderRequest): FootballSlip {
  return {
    mode: body.mode,
    ...(body.formula ? { formula: body.formula } : {}),
    unitStake: { amount: body.unitStake.amount, currency: body.unitStake.currency as CurrencyCode },
    legs: body.legs.map((leg) => ({ eventId: leg.eventId, market: leg.market as MarketCode, ...(leg.line ? { line: leg.line } : {}), selection: leg.selection, odds: leg.odds })),
  };
}

/** Whether a market row's line is the one asked for: `-0.5/-1` is the line `-0.5/-1.0`. */
function sameLine(definition: MarketDefinition, offered: string, asked: string | undefined): boolean {
  if (definition.line === null) return offered === '';
  if (!asked) return false;
  const a = parseLine(asked, definition.line);
  const b = parseLine(offered, definition.line);
  return a !== null && b !== null && a.halves.join('/') === b.halves.join('/');
}

/** Common's pure rules throw a RangeError for amounts past the safe integers: an invalid stake, not a 500. */
function withinRange<T>(compute: () => T, refusal: () => AppError): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof RangeError) throw refusal();
    throw error;
  }
}

type Market = Awaited<ReturnType<typeof footballOrdersRepo.markets>>[number];

/**
 * Football orders (HKS01). A slip is checked in the order a member fixes it: its shape and
 * stakes (`validateFootballSlip` with the configured fees), each event known and on sale, each
 * pick still offered at the price the member saw (a better price is taken with
 * `acceptBetterOdds`), then the most it can win against MAX_ORDER_PRIZE_POINTS. The quote runs
 * the same checks, so a slip learns about moved odds before the member confirms.
 */
export function footballOrders(platform: Pick<Platform, 'db' | 'now' | 'config'>, plumbing: Pick<OrderPlumbing, 'insertIn'>) {
  const { db, now, config } = platform;
  const rules = footballStakeRules(config);
  const rate = pointsRate(config, rules.currency);
  const limitPoints = config.MAX_ORDER_PRIZE_POINTS * 100;

  function checkRules(slip: FootballSlip) {
    const problem = withinRange(
      () => validateFootballSlip(slip, rules),
      () => new AppError('validation_failed', { fields: { 'unitStake.amount': 'invalid' } }),
    );
    if (problem) throw new AppError(problem.code, { fields: problem.fields, details: problem.details });
  }

  function checkEvents(slip: FootballSlip, events: ReadonlyMap<string, OrderEvent>, at: Date) {
    const unknown = Object.fromEntries(slip.legs.flatMap((leg, i) => (events.has(leg.eventId) ? [] : [[`legs.${i}.eventId`, 'invalid' as const]])));
    if (Object.keys(unknown).length > 0) throw new AppError('validation_failed', { fields: unknown });
    for (const leg of slip.legs) {
      const event = events.get(leg.eventId)!;
      if (event.status !== 'scheduled' || at >= new Date(event.sales_close_at)) {
        throw new AppError('sales_closed', { details: { eventId: leg.eventId, nextIssue: null } });
      }
    }
  }

  /** The current price of a pick in thousandths, or null when its market, line or selection is not on sale. */
  function currentOdds(pick: FootballSlip['legs'][number], event: OrderEvent, markets: readonly Market[]): { odds: number; line: string } | null {
    const definition = FOOTBALL_MARKETS[pick.market];
    const market = markets.find((m) => m.event_id === pick.eventId && m.market === pick.market && sameLine(definition, m.line, pick.line));
    if (!market || market.status !== 'open') return null;
    if (definition.selections === 'players' && pick.selection !== NO_FIRST_SCORER) {
      const players = Array.isArray(event.players) ? (event.players as { code?: unknown }[]) : [];
      if (!players.some((p) => p.code === pick.selection)) return null;
    }
    const odds = market.odds[pick.selection];
    return Number.isSafeInteger(odds) && odds! > 1000 ? { odds: odds!, line: market.line } : null;
  }

  /** The slip at the prices it can be bought at, or `odds_changed` listing every pick whose price moved or closed. */
  function takePrices(slip: FootballSlip, acceptBetterOdds: boolean, events: ReadonlyMap<string, OrderEvent>, markets: readonly Market[]): FootballSlip {
    const moved: OddsChangedDetails['current'] = [];
    let refused = false;
    const legs = slip.legs.map((pick, i) => {
      const taken = parseOdds(pick.odds)!;
      const current = currentOdds(pick, events.get(pick.eventId)!, markets);
      if (current?.odds === taken) return { ...pick, odds: formatOdds(taken), ...(current.line ? { line: current.line } : {}) };
      moved.push({ leg: i, eventId: pick.eventId, market: pick.market, line: pick.line ?? null, selection: pick.selection, odds: current ? formatOdds(current.odds) : null, taken: pick.odds });
      if (!current || current.odds < taken || !acceptBetterOdds) refused = true;
      return { ...pick, odds: formatOdds(current?.odds ?? taken), ...(current?.line ? { line: current.line } : {}) };
    });
    if (refused) throw new AppError('odds_changed', { details: { current: moved } });
    return { ...slip, legs };
  }

  async function price(executor: Executor, body: FootballOrderRequest, at: Date): Promise<PricedSlip> {
    // Trial points pay for keno and the draw lotteries only: a trial football order is refused, not bought with real points.
    if (body.trial) throw new AppError('trial_not_offered', { fields: { trial: 'invalid' } });
    const asked = slipOf(body);
    checkRules(asked);
    const eventIds = asked.legs.map((leg) => leg.eventId);
    const events = new Map((await footballOrdersRepo.events(executor, eventIds)).map((event) => [event.id, event]));
    checkEvents(asked, events, at);
    const slip = takePrices(asked, body.acceptBetterOdds, events, await footballOrdersRepo.markets(executor, eventIds));
    const cost = footballCost(slip, rules);
    const maxPrize = withinRange(
      () => footballMaxPrize(slip),
      () => new AppError('exceeds_max_prize', { details: { limitPoints } }),
    );
    if (toPoints(maxPrize, rate) > limitPoints) throw new AppError('exceeds_max_prize', { details: { maxPrize, limitPoints } });
    // Rounded down like every conversion (common toPoints); the quote and the debit use this same figure.
    const total = toPoints(cost.total, rate);
    return { slip, cost, maxPrize, total, events };
  }

  return {
    async quote(body: FootballOrderRequest): Promise<QuoteResponse> {
      const { cost, maxPrize, total } = await price(db, body, now());
      // Stake, fee and prizes all convert at the HKD rate: the handling fee is charged on its own line.
      const rates = { price: { ...rate, currency: rules.currency }, prize: { ...rate, currency: rules.currency } };
      return { units: cost.bets, bets: cost.bets, stake: cost.stake, fee: cost.fee, maxPrize, total, maxPrizePoints: toPoints(maxPrize, rate), rates };
    },

    /**
     * The placement step of a football order, inside the placement transaction: the order row
     * (draw-less, `issue` = the events' codes joined with `+`, cut-off = the first sales close of
     * its events, so the purchase happens before the first match closes), and its `order_legs`.
     */
    record(userId: number, body: FootballOrderRequest): RecordOrder {
      return async (trx: Tx) => {
        const at = now();
        const { slip, cost, maxPrize, total, events } = await price(trx, body, at);
        const eventIds = [...new Set(slip.legs.map((leg) => leg.eventId))];
        const legEvents = eventIds.map((id) => events.get(id)!);
        const salesCloseAt = new Date(Math.min(...legEvents.map((event) => new Date(event.sales_close_at).getTime())));
        const plays: FootballPlays = { mode: slip.mode, formula: slip.formula ?? null, unitStake: slip.unitStake, legs: slip.legs.map((leg) => ({ ...leg })), maxPrize };
        const row = await plumbing.insertIn(
          trx,
          {
            user_id: userId,
            product_code: FOOTBALL_PRODUCT_CODE,
            issue: legEvents.map((event) => event.code).join('+'),
            draw_id: null,
            status: 0,
            trial: false,
            multiplier: 1,
            plays: JSON.stringify(plays),
            units: cost.bets,
            points_spent: total,
            stake: JSON.stringify(cost.stake),
            fee: JSON.stringify(cost.fee),
            sales_close_at: salesCloseAt,
            created_at: at,
            updated_at: at,
          },
          'order placed',
        );
        await footballOrdersRepo.insertLegs(trx, row.id, eventIds);
        return { row, order: presentFootballOrder(row, events, at) };
      };
    },
  };
}
