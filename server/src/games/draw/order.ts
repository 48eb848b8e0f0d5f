import crypto from 'node:crypto';
import {
  bestCaseWins,
  drawTicketCost,
  drawTicketOfBody,
  expandTicket,
  maxFixedPrize,
  quotedMaxPrize,
  pickWeighted,
  toPoints,
  validateDrawTicket,
  zonesOf,
  type DrawOrderRequest,
  type DrawProduct,
  type DrawQuoteResponse,
  type DrawTicketRequest,
  type FieldCode,
  type OrderWire,
} from '@gp/common';
import type { Executor, Tx } from '../../db/database.ts';
import type { DrawService } from './service.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import type { DrawPlays } from './order-present.ts';
import { presentDrawOrder } from './order-present.ts';
import { drawOrdersRepo } from './order-repo.ts';
import { autoNumbers } from '../draw-core/numbers.ts';
import type { OrderPlumbing } from '../../orders/service.ts';

/** The ticket a body asks for, quick picks filled in (an `auto` line gets one plain line of random numbers per zone). */
function ticketOf(product: DrawProduct, body: DrawOrderRequest): DrawTicketRequest {
  const zones = zonesOf(product, body.play);
  const filled = {
    ...body,
    lines: body.lines.map((line) => (line.auto && line.zones.every((z) => z.length === 0) && !line.bankers ? { zones: zones.map((zone) => autoNumbers(zone.pick, zone.poolSize)) } : line)),
  };
  return drawTicketOfBody(filled);
}

/** common's field names (`entries.0.zones.1`) as the body names them (`lines.0.zones.1`). */
const bodyFields = (fields: Record<string, FieldCode> = {}) => Object.fromEntries(Object.entries(fields).map(([key, code]) => [key.replace(/^entries/, 'lines'), code]));

/**
 * Draw-lottery orders (AUA01 … TWA05): the product's rules (common `validateDrawTicket`), the
 * deployment's maximum prize, the draws on sale, and the rows — one order per draw for a
 * multi-draw ticket, all recorded and paid in ONE placement transaction under the Idempotency-Key
 * (`orderPlumbing.place`), so the member pays for every draw or for none. Each order then has its
 * own purchase and timeout jobs: one whose purchase times out is refunded alone.
 */
export type DrawOrders = ReturnType<typeof drawOrders>;

export function drawOrders(platform: Pick<Platform, 'db' | 'now' | 'config'>, draws: DrawService, plumbing: OrderPlumbing) {
  const { db, now, config } = platform;

  function checked(body: DrawOrderRequest) {
    const product = draws.product(body.productCode);
    const ticket = ticketOf(product, body);
    const problem = validateDrawTicket(product, ticket);
    if (problem) throw new AppError(problem.code, { fields: bodyFields(problem.fields), ...(problem.details ? { details: problem.details } : {}) });
    if (body.draws > product.multiDraw.max) throw new AppError('validation_failed', { fields: { draws: 'invalid' }, details: { max: product.multiDraw.max } });
    const maxPrize = maxFixedPrize(product, ticket);
    const rate = pointsRate(config, product.currency);
    const limit = config.MAX_ORDER_PRIZE_POINTS * 100;
    if (toPoints(maxPrize, rate) > limit) throw new AppError('exceeds_max_prize', { details: { maxPrize, limitPoints: limit } });
    return { product, ticket, maxPrize, rate, cost: drawTicketCost(product, ticket, rate, body.draws) };
  }

  /** Mega Millions: a multiplier per expanded line, drawn at purchase with the published weights. */
  function lineMultipliers(product: DrawProduct, ticket: DrawTicketRequest): number[] | null {
    const builtIn = product.builtInMultiplier;
    if (!builtIn) return null;
    return expandTicket(product, ticket).map(() => pickWeighted(builtIn.values, crypto.randomInt(1_000_000) / 1_000_000));
  }

  async function quote(body: DrawOrderRequest): Promise<DrawQuoteResponse> {
    const { product, ticket, rate, cost } = checked(body);
    // What the member is told it can win: never less than one line's best fixed division (the limit counts the best case).
    const maxPrize = quotedMaxPrize(product, ticket);
    const chosen = await draws.drawsForOrder(db, product, body.issue, body.draws, now());
    const wire = { ...rate, currency: product.currency };
    return {
      units: cost.lines,
      bets: cost.lines,
      stake: cost.stake,
      fee: cost.fee,
      maxPrize,
      total: cost.totalPoints,
      maxPrizePoints: toPoints(maxPrize, rate),
      rates: { price: wire, prize: wire },
      draws: chosen.map((d) => ({ id: String(d.id), issue: d.issue, displayIssue: d.displayIssue, drawAt: d.draw_at.toISOString(), salesCloseAt: d.sales_close_at.toISOString() })),
      perDraw: cost.points,
      bestCase: bestCaseWins(product, ticket),
    };
  }

  /**
   * Inside the placement transaction: the orders of every draw. The first is returned to the
   * placement (which debits it and queues its jobs); the others are debited and queued here, in
   * the same transaction, each under its own ledger cause.
   */
  function record(userId: number, body: DrawOrderRequest) {
    const { product, ticket, cost } = checked(body);
    return async (trx: Tx) => {
      const at = now();
      const chosen = await draws.drawsForOrder(trx, product, body.issue, body.draws, at);
      const group = crypto.randomUUID();
      const rows = [];
      for (const [index, draw] of chosen.entries()) {
        const plays: DrawPlays = {
          kind: 'draw',
          entries: ticket.entries,
          play: ticket.play ?? null,
          system: Boolean(ticket.system),
          partialUnit: Boolean(ticket.partialUnit),
          addOns: ticket.addOns ?? [],
          lines: cost.lines,
          lineMultipliers: lineMultipliers(product, ticket),
          group: { id: group, index: index + 1, count: chosen.length },
          drawAt: draw.draw_at.toISOString(),
          displayIssue: draw.displayIssue,
        };
        const row = await plumbing.insertIn(
          trx,
          {
            user_id: userId,
            product_code: product.code,
            issue: draw.issue,
            draw_id: null,
            lottery_draw_id: draw.id,
            status: body.trial ? 8 : 0,
            trial: body.trial,
            multiplier: 1,
            plays: JSON.stringify(plays),
            units: cost.lines,
            points_spent: cost.points,
            stake: JSON.stringify(cost.stake),
            fee: JSON.stringify(cost.fee),
            sales_close_at: draw.sales_close_at,
            created_at: at,
            updated_at: at,
          },
          body.trial ? 'trial order placed' : chosen.length > 1 ? `order placed (draw ${index + 1} of ${chosen.length})` : 'order placed',
        );
        rows.push(row);
      }
      for (const row of rows.slice(1)) await plumbing.chargeIn(trx, userId, row);
      return { row: rows[0]!, order: presentDrawOrder(rows[0]!) as OrderWire };
    };
  }

  return {
    quote,

    /** Places the ticket for every draw asked; `{ order, orders }`: the first draw's order and all of them (a replay answers the same). */
    async place(userId: number, body: DrawOrderRequest, key: string): Promise<{ status: number; body: { order: OrderWire; orders: OrderWire[] } }> {
      const placed = await plumbing.place(userId, key, body, record(userId, body));
      const first = placed.body.order;
      const group = first.playType === 'draw' ? first.draw.group.id : null;
      const orders = group ? (await drawOrdersRepo.group(db, userId, group)).map(presentDrawOrder) : [first];
      return { status: placed.status, body: { order: first, orders } };
    },

    /** The orders of a multi-draw group, in draw order. */
    async group(executor: Executor, userId: number, groupId: string) {
      return (await drawOrdersRepo.group(executor, userId, groupId)).map(presentDrawOrder);
    },
  };
}
