import { z } from 'zod';

/**
 * Back office, official results from feeds (issue 31 item 1; docs/result-feeds.md) and the draws
 * screen (item 2): per product, its sources and how they stand; draws with their sales, orders,
 * result and settlement.
 */
const id = z.string({ error: 'required' }).trim().regex(/^[1-9]\d{0,17}$/, { error: 'invalid' });

export const FEED_STATES = ['ok', 'late', 'failing', 'disagree'] as const;
export type FeedState = (typeof FEED_STATES)[number];

export const feedSourceStatus = z.object({
  source: z.string(),
  /** False: the source is built to its documented format but the research could not confirm it still answers (BCLC's keno JSON): probe it before relying on it. */
  confirmed: z.boolean(),
  lastFetchAt: z.string().nullable(),
  /** What the last fetch answered: a reading, nothing yet, or no usable answer (`down`, with `lastError`). */
  lastAnswer: z.enum(['reading', 'not_yet', 'down']).nullable(),
  lastError: z.string().nullable(),
  lastOkAt: z.string().nullable(),
  failures: z.number().int(),
});

export const feedReadingWire = z.object({ source: z.string(), result: z.unknown(), seenAt: z.string() });

export const feedAwaiting = z.object({
  targetType: z.enum(['keno_draw', 'lottery_draw']),
  targetId: z.string(),
  issue: z.string(),
  drawAt: z.string(),
  readings: z.array(feedReadingWire),
  /** One source has a reading and no other contradicts it: a staff member may confirm it. */
  canConfirm: z.boolean(),
});

export const feedConflictWire = z.object({
  id: z.string(),
  targetType: z.enum(['keno_draw', 'lottery_draw']),
  targetId: z.string(),
  productCode: z.string(),
  issue: z.string(),
  kind: z.enum(['after_publication', 'sources_disagree']),
  source: z.string(),
  published: z.unknown(),
  reading: z.unknown(),
  raisedAt: z.string(),
});
export type FeedConflictWire = z.infer<typeof feedConflictWire>;

export const productFeedStatus = z.object({
  productCode: z.string(),
  /** Where this product's results come from in this deployment (RESULT_SOURCE / DRAW_RESULT_SOURCE). */
  mode: z.enum(['simulated', 'manual', 'feeds']),
  sources: z.array(feedSourceStatus),
  /** Why the product has no feed (four-eyes entry stays its way in), or null. */
  noFeed: z.enum(['no_feed_exists', 'no_adapter', 'settles_on_other']).nullable(),
  lastResult: z.object({ issue: z.string(), drawAt: z.string(), drawnAt: z.string().nullable(), resultSource: z.string().nullable() }).nullable(),
  /** Seconds since the oldest draw still without a result was due (null: none is). */
  lagSeconds: z.number().int().nullable(),
  state: z.enum(FEED_STATES),
  awaiting: z.array(feedAwaiting),
  conflicts: z.array(feedConflictWire),
});
export type ProductFeedStatus = z.infer<typeof productFeedStatus>;
export const resultFeedsResponse = z.object({ items: z.array(productFeedStatus) });
export type ResultFeedsResponse = z.infer<typeof resultFeedsResponse>;

/** A staff member confirms one source's reading where only one source has answered (four eyes: the source and the person). */
export const feedConfirmBody = z.object({
  targetType: z.enum(['keno_draw', 'lottery_draw'], { error: 'invalid' }),
  targetId: id,
  source: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20, { error: 'invalid' }),
});
export type FeedConfirmBody = z.input<typeof feedConfirmBody>;

/** Resolving a conflict: the published result stands (settlement of the draw goes on once no conflict of it is open). */
export const feedConflictResolveBody = z.object({
  note: z.string({ error: 'required' }).trim().min(3, { error: 'required' }).max(500, { error: 'invalid' }),
});

/** The draws screen. */
export const adminDrawsQuery = z.object({
  productCode: z.string().trim().regex(/^[A-Z]{2}[A-Z]\d{2}$/, { error: 'invalid' }).optional(),
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(10_000, { error: 'invalid' }).default(1),
});
export type AdminDrawsQuery = z.input<typeof adminDrawsQuery>;

export const adminDrawRow = z.object({
  targetType: z.enum(['keno_draw', 'lottery_draw']),
  id: z.string(),
  productCode: z.string(),
  issue: z.string(),
  drawAt: z.string(),
  status: z.enum(['scheduled', 'drawn', 'void']),
  result: z.unknown(),
  /** Who published it: `simulated`, `manual` (four eyes) or `feeds`; with the sources whose readings agreed with it. */
  resultSource: z.string().nullable(),
  feedSources: z.array(z.string()),
  /** Settlement stopped: a feed contradicts the published result. */
  held: z.boolean(),
  /** Sales in GP hundredths (points charged for real orders), and how many orders in each status. */
  sales: z.number().int(),
  orders: z.record(z.string(), z.number().int()),
  settled: z.number().int(),
  toSettle: z.number().int(),
  /** Draw lotteries: the pool divisions and their amounts per unit (minor units of `currency`; null: pending), and the jackpot. */
  currency: z.string().nullable(),
  pools: z.array(z.object({ division: z.number().int(), name: z.string(), amount: z.number().nullable() })),
  jackpot: z.object({ amount: z.number(), source: z.string().nullable() }).nullable(),
  /** The names of the staff members who published the result by hand (four-eyes entries, or the confirmation of a single feed source). */
  resultBy: z.array(z.string()),
  /**
   * Pool-amount (`lottery_prizes`) and jackpot (`lottery_jackpot`) entries waiting for a second
   * staff member, by name; `figures` only for a reader who has entered their own of that kind.
   */
  figureEntries: z.array(z.object({ kind: z.enum(['lottery_prizes', 'lottery_jackpot']), staffName: z.string(), mine: z.boolean(), at: z.string(), figures: z.unknown() })),
  /** The kinds whose waiting entries differ. */
  figureMismatch: z.array(z.enum(['lottery_prizes', 'lottery_jackpot'])),
});
export type AdminDrawRow = z.infer<typeof adminDrawRow>;
export const adminDrawsResponse = z.object({ items: z.array(adminDrawRow), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type AdminDrawsResponse = z.infer<typeof adminDrawsResponse>;
