import { z } from 'zod';
import { MARKET_CODES } from '../football/markets.ts';
import { BIG_SMALL_OPTIONS, ODD_EVEN_OPTIONS } from '../products/types.ts';
import { paged, pageQuery } from './fields.ts';
import { footballOrderBody, footballOrderPartSchema } from './football.ts';
import { kenoResultSchema } from './keno.ts';
import { drawLineInput, drawOrderBody, drawOrderPartSchema } from './draw.ts';

/**
 * Orders (API.md "Orders"). The body is only shape-checked here; the product's own rules
 * (number ranges, pick counts, the minimum purchase) are `validateKenoTicket`'s, on the server.
 * A play with `auto: true` and no numbers gets its numbers chosen by the server.
 */
const ballNumber = z.number({ error: 'invalid' }).int({ error: 'invalid' });
const numbers = z.array(ballNumber, { error: 'invalid' }).max(80, { error: 'too_many_numbers' });

export const kenoPlaySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('pick'), stars: z.number({ error: 'required' }).int({ error: 'invalid' }), numbers: numbers.optional(), auto: z.boolean({ error: 'invalid' }).optional() }),
    z.object({ type: z.literal('bigSmall'), pick: z.string({ error: 'required' }) }),
    z.object({ type: z.literal('oddEven'), pick: z.string({ error: 'required' }) }),
    z.object({ type: z.literal('superNumber'), numbers: numbers.optional(), auto: z.boolean({ error: 'invalid' }).optional() }),
  ],
  { error: 'invalid' },
);
export type KenoPlayInput = z.infer<typeof kenoPlaySchema>;

/** `POST /api/orders` and `POST /api/orders/quote` for keno products. */
export const kenoOrderBody = z.object({
  productCode: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20, { error: 'invalid' }),
  issue: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(40, { error: 'invalid' }),
  trial: z.boolean({ error: 'invalid' }).default(false),
  multiplier: z.number({ error: 'invalid' }).int({ error: 'invalid' }).default(1),
  plays: z.array(kenoPlaySchema, { error: 'required' }).min(1, { error: 'required' }).max(50, { error: 'invalid' }),
});
export type KenoOrderBody = z.input<typeof kenoOrderBody>;
export type KenoOrderRequest = z.output<typeof kenoOrderBody>;

/**
 * The body of `POST /api/orders` and `/quote` of either family: football (HKS01, see
 * `footballOrderBody`) or keno. The server picks the schema by `productCode`; this union is what
 * the OpenAPI document shows.
 */
export const orderBody = z.union([kenoOrderBody, footballOrderBody, drawOrderBody]);

const localAmount = z.object({ amount: z.number().int(), currency: z.string() });

export { quoteResponse, type QuoteResponse } from './quote.ts';

export const ORDER_STATUS_LABELS = {
  0: 'pending_confirmation',
  1: 'purchase_processing',
  2: 'purchase_successful',
  8: 'trial_play',
  9: 'timeout_refunded',
} as const;
export type OrderStatusCode = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUSES = [0, 1, 2, 8, 9] as const;

/**
 * Why a refunded order (status 9, whose spec label stays `timeout_refunded`) was refunded:
 * `purchase_failed` — a worker could not buy the ticket and said why (`refusalReason`);
 * `sales_closed` — its sales closed before it was bought. Null on orders not refunded (and on
 * those refunded before causes were recorded, which read as `sales_closed` did).
 */
export const ORDER_REFUND_CAUSES = ['purchase_failed', 'sales_closed'] as const;
export type OrderRefundCause = (typeof ORDER_REFUND_CAUSES)[number];

export const orderStatusChangeSchema = z.object({ from: z.number().int().nullable(), to: z.number().int(), at: z.string(), reason: z.string() });

/**
 * How a keno order fared on its draw (the order's `drawResult`), line by line as `settleKenoTicket`
 * computed it: `play` indexes `selections`; `prize` amounts are in the product's minor units;
 * `adjustments` name the caps that reduced a line (`starPool`, `sharedTopPrize`, `onePrize`, `perTicket`).
 */
export const settledLineSchema = z.object({
  play: z.number().int(),
  type: z.enum(['pick', 'bigSmall', 'oddEven', 'superNumber']),
  outcome: z.enum(['win', 'lose', 'refund']),
  stake: z.number().int(),
  basePrize: z.number().int(),
  prize: z.number().int(),
  adjustments: z.array(z.string()),
  stars: z.number().int().optional(),
  matches: z.number().int().optional(),
  matched: z.array(z.number().int()).optional(),
  pick: z.string().optional(),
  result: z.string().nullable().optional(),
  number: z.number().int().optional(),
  superNumber: z.number().int().optional(),
});
export type SettledLine = z.infer<typeof settledLineSchema>;
export const drawOutcomeSchema = z.object({ prize: localAmount, lines: z.array(settledLineSchema) });
export type DrawOutcome = z.infer<typeof drawOutcomeSchema>;

/**
 * One play of a keno order as bought (`auto` numbers filled in, side picks checked): common
 * `KenoPlay` on the wire. A keno order's `selections` are its plays, in order (`play` of a settled
 * line indexes them).
 */
export const kenoSelectionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pick'), stars: z.number().int(), numbers: z.array(z.number().int()) }),
  z.object({ type: z.literal('bigSmall'), pick: z.enum(BIG_SMALL_OPTIONS) }),
  z.object({ type: z.literal('oddEven'), pick: z.enum(ODD_EVEN_OPTIONS) }),
  z.object({ type: z.literal('superNumber'), numbers: z.array(z.number().int()) }),
]);
export type KenoSelection = z.infer<typeof kenoSelectionSchema>;

/**
 * One pick of a football order as bought: the price taken (`"2.10"`) and the line the market
 * offered (absent for markets without one). A football order's `selections` are its picks, in the
 * order of its `football.legs`.
 */
export const footballPickSchema = z.object({
  eventId: z.string(),
  market: z.enum(MARKET_CODES),
  line: z.string().optional(),
  selection: z.string(),
  odds: z.string(),
});
export type FootballPickWire = z.infer<typeof footballPickSchema>;

/** What keno and football orders share; `playType` tells them apart (see `orderSchema`). */
const orderBase = z.object({
  id: z.string(),
  productCode: z.string(),
  issue: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  trial: z.boolean(),
  specialNumber: z.number().int().nullable(),
  multiplier: z.number().int(),
  units: z.number().int(),
  pointsSpent: z.number().int(),
  stake: localAmount,
  fee: localAmount,
  salesCloseAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ticketRef: z.string().nullable(),
  /** How this order fared on its draw (see drawOutcomeSchema); null until settled. */
  drawResult: drawOutcomeSchema.nullable(),
  /** The draw's result (keno `result` of API.md); null until drawn. */
  officialResult: kenoResultSchema.nullable(),
  /** GP hundredths credited (0 for no win); null until settled. */
  prize: z.number().int().nullable(),
  settledAt: z.string().nullable(),
  /** Why the order was refunded (`ORDER_REFUND_CAUSES`); null unless refunded. */
  refundCause: z.enum(ORDER_REFUND_CAUSES).nullable(),
  /** The worker's words when the purchase failed (`purchase_failed`), for the member; else null. */
  refusalReason: z.string().nullable(),
  /** Only on `GET /api/orders/:id`. */
  history: z.array(orderStatusChangeSchema).optional(),
});

/**
 * An order (API.md). `playType` says which family and so what `selections` hold: `keno` → its
 * plays (`KenoSelection`), `football` (HKS01) → its picks (`FootballPickWire`), with the `football`
 * part (legs with their events, formula, results, what the order returned) that keno orders never have.
 */
/** The fields every order has, whatever its family (the `playType` part aside). */
export type OrderBaseWire = z.infer<typeof orderBase>;
export const orderSchema = z.discriminatedUnion('playType', [
  orderBase.extend({ playType: z.literal('keno'), selections: z.array(kenoSelectionSchema), football: z.never().optional() }),
  orderBase.extend({
    playType: z.literal('draw'),
    /** The entries as bought (`{ zones, bankers? }`, quick picks filled in); see `draw` for the rest. */
    selections: z.array(drawLineInput.omit({ auto: true })),
    draw: drawOrderPartSchema,
    football: z.never().optional(),
  }),
  orderBase.extend({
    playType: z.literal('football'),
    selections: z.array(footballPickSchema),
    /** Legs, formula, odds taken, results and what the order returned. */
    football: footballOrderPartSchema,
  }),
]);
export type OrderWire = z.infer<typeof orderSchema>;
export type KenoOrderWire = Extract<OrderWire, { playType: 'keno' }>;
export type FootballOrderWire = Extract<OrderWire, { playType: 'football' }>;
export type DrawOrderWire = Extract<OrderWire, { playType: 'draw' }>;
export const orderResponse = z.object({ order: orderSchema });
export const ordersPage = paged(orderSchema);

export const ordersQuery = pageQuery.extend({
  status: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).refine((s) => (ORDER_STATUSES as readonly number[]).includes(s), { error: 'invalid' }).optional(),
  productCode: z.string().trim().min(1, { error: 'invalid' }).max(20, { error: 'invalid' }).optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** Back office, manual purchase gateway: the operator bought the ticket. */
export const confirmOrderBody = z.object({
  ticketRef: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' }),
});
