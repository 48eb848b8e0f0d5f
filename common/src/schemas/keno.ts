import { z } from 'zod';
import { paged, pageQuery } from './fields.ts';

/**
 * The wire shapes of products, draws, results and the game clock (API.md "Products, draws,
 * results"). The server validates queries with these and the OpenAPI document is built from them.
 */

const provenance = { confidence: z.enum(['confirmed', 'medium', 'unconfirmed']), source: z.string() };

/** A keno `result`: the numbers in draw order, the last one drawn, and the side-market outcomes. */
export const kenoResultSchema = z.object({
  numbers: z.array(z.number().int()),
  superNumber: z.number().int(),
  bigSmall: z.enum(['big', 'small']).nullable(),
  oddEven: z.enum(['odd', 'even']).nullable(),
});
export type KenoResultWire = z.infer<typeof kenoResultSchema>;

/** The rules every product listing carries; `unconfirmed` names the facts the UI must label as such. */
export const productRulesSchema = z.object({
  matrix: z.object({ drawCount: z.number().int(), poolSize: z.number().int(), ...provenance }),
  picks: z.object({ min: z.number().int(), max: z.number().int(), ...provenance }),
  minimumUnits: z.number().int(),
  maxMultiplier: z.object({ value: z.number().int(), ...provenance }),
  schedule: z.object({
    intervalSeconds: z.number().int(),
    dailyWindow: z.object({ first: z.string(), last: z.string() }).nullable(),
    salesCloseSeconds: z.number().int(),
    confidence: z.enum(['confirmed', 'unconfirmed']),
    unconfirmed: z.array(z.string()),
    source: z.string(),
  }),
  sideBets: z.record(z.string(), z.object({ offered: z.boolean(), prize: z.number().int(), ...provenance })),
  superNumber: z.object({ offered: z.boolean(), prize: z.number().int(), maxNumbers: z.number().int(), ...provenance }).nullable(),
  /** Dotted paths of every rule marked `unconfirmed`, e.g. `["prizeTable", "maxMultiplier"]`. */
  unconfirmed: z.array(z.string()),
});

/**
 * A conversion rate as a fraction: GP hundredths per minor unit of `currency` (common
 * `PointsRate`). With 1 GP worth NT$32.50: `{ currency: 'TWD', numerator: 2, denominator: 65 }`.
 */
export const pointsRateSchema = z.object({ currency: z.string(), numerator: z.number().int(), denominator: z.number().int() });
export type PointsRateWire = z.infer<typeof pointsRateSchema>;

export const productSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  localName: z.string(),
  family: z.enum(['keno', 'lotto', 'football']),
  region: z.string(),
  timezone: z.string(),
  currency: z.string(),
  unitPrice: z.number().int(),
  /**
   * The two rates of a product: `price` is what one unit costs in GP per minor unit staked
   * (`unitPrice` over the unit stake: the service fee is in it), `prize` the market rate prizes
   * convert at (the deployment's POINTS_RATES).
   */
  rates: z.object({ price: pointsRateSchema, prize: pointsRateSchema }),
  rules: productRulesSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** One product with its full rules: the prize table (minor units per unit staked) and caps too. */
export const productDetailSchema = productSummarySchema.extend({
  rules: productRulesSchema.extend({
    unitStake: z.object({ amount: z.number().int(), currency: z.string(), ...provenance }),
    prizeTable: z.object({ rows: z.record(z.string(), z.record(z.string(), z.number().int())), ...provenance }),
    sideBetNoWinner: z.object({ rule: z.enum(['lose', 'refund']), ...provenance }),
    caps: z.object({ starPool: z.unknown(), perTicket: z.unknown(), sharedTopPrize: z.unknown(), ...provenance }),
  }),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * A draw as the API shows it. `seedHash` = sha256 of the secret seed, published from creation;
 * `seed` appears only once the draw is drawn, with its result.
 */
export const drawSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  issue: z.string(),
  salesOpenAt: z.string(),
  salesCloseAt: z.string(),
  drawAt: z.string(),
  status: z.enum(['scheduled', 'drawn', 'void']),
  seedHash: z.string(),
  result: kenoResultSchema.optional(),
  resultSource: z.enum(['simulated', 'manual', 'feeds']).optional(),
  seed: z.string().optional(),
  drawnAt: z.string().optional(),
});
export type DrawWire = z.infer<typeof drawSchema>;

export const DRAW_LIST_STATUSES = ['open', 'closed', 'drawn'] as const;
/** `open`: on sale now; `closed`: sales closed, not drawn yet; `drawn`: newest first. Without status: upcoming draws. */
export const drawsQuery = z.object({
  status: z.enum(DRAW_LIST_STATUSES, { error: 'invalid' }).optional(),
  limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100, { error: 'invalid' }).default(20),
});
export type DrawsQuery = z.infer<typeof drawsQuery>;
export const drawList = z.array(drawSchema);

export const resultsQuery = pageQuery;
export const resultsPage = paged(drawSchema);

/** The clock's `lastResult`: the latest published result and its issue. */
export const lastResultSchema = kenoResultSchema.extend({ issue: z.string(), drawnAt: z.string() });
export type LastResult = z.infer<typeof lastResultSchema>;

export const clockSnapshotSchema = z.object({
  productCode: z.string(),
  phase: z.enum(['open', 'closed', 'idle']),
  issue: z.string().nullable(),
  salesCloseAt: z.string().nullable(),
  drawAt: z.string().nullable(),
  nextSalesOpenAt: z.string().nullable(),
  serverNow: z.string(),
  lastResult: lastResultSchema.nullable(),
});
export type ClockEventPayload = z.infer<typeof clockSnapshotSchema>;

/** The `draw` socket event. */
export const drawEventSchema = z.object({ productCode: z.string(), issue: z.string(), result: kenoResultSchema, drawnAt: z.string() });
export type DrawEventPayload = z.infer<typeof drawEventSchema>;

/**
 * Back office, manual result source: the official numbers in draw order. Count, range and
 * repeats are checked against the product's matrix by the server (`too_many_numbers`,
 * `number_out_of_range`, `duplicate_number`, `invalid` for too few).
 */
export const manualResultBody = z.object({
  numbers: z.array(z.number({ error: 'invalid' }).int({ error: 'invalid' }), { error: 'required' }).min(1, { error: 'required' }),
});
export type ManualResultBody = z.infer<typeof manualResultBody>;
