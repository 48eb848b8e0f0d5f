import type { Router } from 'express';
import type { z } from 'zod';
import type { OrderWire, QuoteResponse } from '@gp/common';
import type { AuthService } from '../auth/service.ts';
import type { Executor } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import type { Workers } from '../platform/jobs.ts';

/**
 * What placing an order answers: 201 with the order (a replay: the first answer, whatever happened
 * since). A family that places several orders for one body (a ticket for several draws) lists
 * them all in `orders`, the first being `order`.
 */
export interface PlacedOrder {
  status: number;
  body: { order: OrderWire; orders?: OrderWire[] };
}

/**
 * An order body that its family's schema accepted, bound to that family's rules: what the order
 * routes (and anyone placing an order) hold after validation. Pricing and placing check the
 * ticket against the product's rules, the draw or event on sale and the deployment's limits
 * again; `place` records and pays for it through the shared placement (`orders/service.ts`
 * `orderPlumbing`) under the Idempotency-Key.
 */
export interface AcceptedOrder {
  /** What the order would cost and could win, without placing it. */
  quote(): Promise<QuoteResponse>;
  /** Places it for `userId` under the Idempotency-Key `key` (a refusal is an AppError; any other throw means nothing was recorded). */
  place(userId: number, key: string): Promise<PlacedOrder>;
}

/** A ticket of a purchase sheet as its family reads it (admin/purchase-sheet.ts groups it and names its member). */
export interface SheetTicket {
  orderId: number;
  userId: number;
  productCode: string;
  issue: string;
  /** The play as a terminal names it; the sheet groups by it. */
  play: string;
  multiplier: number;
  /** What is keyed: one string per play, entry or leg. */
  lines: string[];
  units: number;
  amount: number;
  salesCloseAt: Date;
}

/** What a family's purchase sheets are per (a draw of one of its products, or an event), and how its tickets read. */
export interface PurchaseSheetSource {
  per: 'draw' | 'event';
  /**
   * The real orders of draw or event `id` (of `productCode`, for draws) still to buy — status 0 or
   * 1, not trial — in the order they were placed; undefined when there is no such draw or event.
   */
  tickets(executor: Executor, id: number, productCode: string | null): Promise<SheetTicket[] | undefined>;
}

/**
 * A game family: the products that share their rules, their draws or events, their order shape
 * and their settlement (keno; the draw lotteries; HKJC football). The generic pipelines
 * (`orders/`, `settlement/`) and the composition root reach a family only through this interface,
 * found in the registry (`./registry.ts`) by product code or by stored order, so a new product of
 * an existing family is data (its catalogue entry) and a new family is one folder plus one line of
 * `./families.ts`.
 *
 * The life of an order, step by step, and the member of the interface that answers each:
 * 1. validate and price the ticket: `orderBody` (the body's schema, accepting it into an
 *    `AcceptedOrder`), then `AcceptedOrder.quote`;
 * 2. expand it to what is bought and prepare the order rows (one per draw, the legs of a slip, the
 *    units and lines a ticket expands to) and place them: `AcceptedOrder.place`;
 * 3. purchase it: the shared purchase pipeline (orders/), the same for every family;
 * 4. settle it once its draw or event has a result: the family's settlement job, among `workers`
 *    (built on `settlement/jobs.ts` `defineSettlementJob`);
 * 5. present it: `present`.
 *
 * Later work plugs in here without naming a family in generic code: a results feed per product is
 * one more optional member here that the family's result source implements; a purchase sheet per
 * draw or event and a daily report row per family likewise; a play-limits check is a step of the
 * shared placement (`orderPlumbing`), which every family's `place` goes through.
 */
export interface GameFamily {
  /** The family's name, for logs and messages only: no generic code branches on it. */
  readonly name: string;
  /**
   * Whether an order body naming `productCode` (as sent, not yet validated) is this family's. The
   * registry asks the families in order; the last one (keno) takes every code no other claims,
   * so an unknown product is refused by its rules (`product_not_found`).
   */
  claims(productCode: unknown): boolean;
  /** Whether a stored order is this family's (by its product and the shape of its plays). */
  ownsOrder(row: Pick<OrderRow, 'product_code' | 'plays'>): boolean;
  /** The order body's schema (API.md "Orders"): what it accepts is bound to the family's rules. */
  orderBody: z.ZodType<AcceptedOrder>;
  /** A page of this family's stored orders as the API shows them, with what they need (draw results, events) read in one query. */
  present(executor: Executor, rows: readonly OrderRow[], at: Date): Promise<OrderWire[]>;
  /** Its HTTP routes (products, draws or events, results, its back-office entries), mounted by app.ts in family order. */
  routes(auth: AuthService): Router[];
  /** Its workers (draw scheduling, odds, settlement and their sweeps), started by a worker process. */
  workers(): Workers[];
  /** Its purchase sheets (issue 31 item 3), for the back office buying by hand. */
  purchaseSheet?: PurchaseSheetSource;
}
