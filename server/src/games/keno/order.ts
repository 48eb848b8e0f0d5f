import {
  acceptedKenoTicket,
  kenoCost,
  kenoMaxPrize,
  toPoints,
  unitPriceRate,
  validateKenoTicket,
  type KenoOrderRequest,
  type KenoPlayRequest,
  type KenoProduct,
  type KenoTicketRequest,
  type QuoteResponse,
} from '@gp/common';
import type { Executor } from '../../db/database.ts';
import { autoNumbers } from '../draw-core/numbers.ts';
import { findProduct, kenoCatalogue } from './service.ts';
import { AppError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { pointsRate } from '../../platform/points-rate.ts';
import type { OrderRow } from '../../db/types.ts';
import type { PreparedOrder, PreparedRow } from '../../orders/service.ts';
import { presentKenoOrder } from './order-present.ts';
import { kenoOrdersRepo } from './order-repo.ts';

/** The ticket a request asks for, with `auto` plays filled in (an invalid star count or pick is left for validation). */
function ticketOf(product: KenoProduct, body: KenoOrderRequest): KenoTicketRequest {
  const plays = body.plays.map((play): KenoPlayRequest => {
    switch (play.type) {
      case 'pick': {
        const auto = play.auto === true && !play.numbers?.length;
        const valid = Number.isSafeInteger(play.stars) && play.stars >= 1 && play.stars <= product.matrix.poolSize;
        return { type: 'pick', stars: play.stars, numbers: auto && valid ? autoNumbers(play.stars, product.matrix.poolSize) : (play.numbers ?? []) };
      }
      case 'superNumber': {
        const auto = play.auto === true && !play.numbers?.length;
        return { type: 'superNumber', numbers: auto ? autoNumbers(1, product.matrix.poolSize) : (play.numbers ?? []) };
      }
      case 'bigSmall':
        return { type: 'bigSmall', pick: play.pick };
      case 'oddEven':
        return { type: 'oddEven', pick: play.pick };
    }
  });
  return { multiplier: body.multiplier, plays };
}

/** The row `placeAtOnce` inserts, as the database returns it, with `id`. */
function placedRow(row: PreparedRow, id: number): OrderRow {
  return {
    id,
    user_id: row.user_id,
    product_code: row.product_code,
    issue: row.issue,
    draw_id: row.draw_id ?? null,
    lottery_draw_id: row.lottery_draw_id ?? null,
    status: row.status,
    trial: row.trial,
    multiplier: row.multiplier,
    plays: row.plays,
    units: row.units,
    points_spent: row.points_spent,
    stake: row.stake,
    fee: row.fee ?? null,
    ticket_ref: null,
    sales_close_at: row.sales_close_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    purchased_at: null,
    prize: null,
    settled_at: null,
    draw_result: null,
    hold: null,
    refund_cause: null,
    refusal_reason: null,
  };
}

/**
 * A keno order as placing answers it: the prepared row with the id the statement gave it, as the
 * answer's text (the placing statement's stand-in, replaced in the stored answer).
 */
export const presentPlacedKenoOrder = (row: PreparedRow, id: string) => ({ ...presentKenoOrder(placedRow(row, 0), null), id });

/** How long a placement trusts the draw on sale it read (the placing statement checks it anyway). */
const DRAW_MEMORY_MS = 1000;

type DrawOnSale = NonNullable<Awaited<ReturnType<typeof kenoOrdersRepo.draw>>>;

/** Keno orders (TWB01, CAB01, KRB01): the product's rules, the draw on sale, and the order row. */
export function kenoOrders(platform: Pick<Platform, 'db' | 'now' | 'config'>) {
  const { db, now, config } = platform;
  const catalogue = kenoCatalogue(config);

  function productOf(code: string): KenoProduct {
    const product = findProduct(catalogue, code);
    if (!product) throw new AppError('product_not_found');
    return product;
  }

  /** The product's rules (§5), then the deployment's limit on what one order may win. */
  function checkTicket(product: KenoProduct, request: KenoTicketRequest) {
    const problem = validateKenoTicket(product, request);
    if (problem) throw new AppError(problem.code, { fields: problem.fields, details: problem.details });
    const ticket = acceptedKenoTicket(request);
    const maxPrize = kenoMaxPrize(product, ticket);
    const limit = config.MAX_ORDER_PRIZE_POINTS * 100;
    if (toPoints(maxPrize, pointsRate(config, product.currency)) > limit) {
      throw new AppError('exceeds_max_prize', { details: { maxPrize, limitPoints: limit } });
    }
    return { ticket, maxPrize };
  }

  const isOpen = (draw: DrawOnSale | undefined, at: Date): draw is DrawOnSale =>
    draw !== undefined && draw.status === 'scheduled' && draw.sales_open_at <= at && at < draw.sales_close_at;

  /** The draw of `issue` if its sales are open at `at`; otherwise `sales_closed` naming the issue on sale (or next). */
  async function openDraw(executor: Executor, product: KenoProduct, issue: string, at: Date) {
    const draw = await kenoOrdersRepo.draw(executor, product.code, issue);
    if (isOpen(draw, at)) return draw;
    const next = await kenoOrdersRepo.nextOnSale(executor, product.code, at);
    throw new AppError('sales_closed', { details: { nextIssue: next?.issue ?? null } });
  }

  /**
   * Draws on sale as placements last read them, for DRAW_MEMORY_MS: every order of a busy issue
   * would read the same row. Only open draws are kept (one or two per product: the map stays as
   * small as the catalogue), and the placing statement checks the draw again (`stillOnSale`), so
   * a draw closed or changed in the meantime refuses the order and it is tried once more afresh.
   */
  const remembered = new Map<string, { draw: DrawOnSale; until: number }>();
  async function openDrawRemembered(product: KenoProduct, issue: string, at: Date, fresh: boolean) {
    const key = `${product.code}:${issue}`;
    const known = remembered.get(key);
    if (!fresh && known && at.getTime() < known.until && isOpen(known.draw, at)) return known.draw;
    const draw = await openDraw(db, product, issue, at);
    for (const [k, entry] of remembered) if (entry.until <= at.getTime() || !isOpen(entry.draw, at)) remembered.delete(k);
    remembered.set(key, { draw, until: at.getTime() + DRAW_MEMORY_MS });
    return draw;
  }

  return {
    async quote(body: KenoOrderRequest): Promise<QuoteResponse> {
      const product = productOf(body.productCode);
      const { ticket, maxPrize } = checkTicket(product, ticketOf(product, body));
      await openDraw(db, product, body.issue, now());
      const cost = kenoCost(product, ticket);
      const prizeRate = pointsRate(config, product.currency);
      return {
        units: cost.units,
        bets: ticket.plays.length,
        stake: cost.stake,
        fee: { amount: 0, currency: product.currency },
        maxPrize,
        total: cost.points,
        maxPrizePoints: toPoints(maxPrize, prizeRate),
        rates: { price: unitPriceRate(product), prize: { ...prizeRate, currency: product.currency } },
      };
    },

    /**
     * A keno order checked and priced before any write, for `placeAtOnce` (one statement): the
     * draw is read now and checked again by the statement (`stillOnSale`). Trial orders are status 8.
     */
    prepare(userId: number, body: KenoOrderRequest): (fresh: boolean) => Promise<PreparedOrder> {
      const product = productOf(body.productCode);
      return async (fresh) => {
        const { ticket } = checkTicket(product, ticketOf(product, body));
        const at = now();
        const draw = await openDrawRemembered(product, body.issue, at, fresh);
        const cost = kenoCost(product, ticket);
        const row: PreparedRow = {
          user_id: userId,
          product_code: product.code,
          issue: draw.issue,
          draw_id: draw.id,
          status: body.trial ? 8 : 0,
          trial: body.trial,
          multiplier: ticket.multiplier,
          plays: ticket.plays,
          units: cost.units,
          points_spent: cost.points,
          stake: cost.stake,
          sales_close_at: draw.sales_close_at,
          created_at: at,
          updated_at: at,
        };
        return {
          row,
          present: presentPlacedKenoOrder,
          reason: body.trial ? 'trial order placed' : 'order placed',
          sale: { id: draw.id, at, closeAt: draw.sales_close_at, stillOnSale: kenoOrdersRepo.stillOnSale() },
          checkOnSale: async () => void (await openDraw(db, product, body.issue, now())),
        };
      };
    },
  };
}
