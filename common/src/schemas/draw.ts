import { z } from 'zod';
import { pointsRateSchema } from './keno.ts';
import { quoteResponse } from './quote.ts';

/**
 * Wire shapes of the draw lotteries (AUA01 USA01 USA02 FRA01 HKA01 JPA01 JPA02 TWA01–TWA05):
 * the order body, the product, draws with results and divisions, number statistics, large wins.
 * The server validates with these and the OpenAPI document is built from them. Contract for the
 * client: /work/briefs/draw-contract.md (and README "Draw lotteries").
 */

const ball = z.number({ error: 'invalid' }).int({ error: 'invalid' });
/** A zone's numbers; the per-product limits (range, count, system maximum) are `validateDrawTicket`'s. */
const zoneNumbers = z.array(ball, { error: 'invalid' }).max(49, { error: 'too_many_numbers' });
const localAmount = z.object({ amount: z.number().int(), currency: z.string() });
const provenance = { confidence: z.enum(['confirmed', 'medium', 'unconfirmed']), source: z.string() };

/**
 * One entry of a ticket: numbers per zone (`[[5 whites], [1 red]]`) and, for a banker (膽拖) entry,
 * the bankers per zone apart from the legs: `{ zones: [[3, 4, 5, 6, 7]], bankers: [[1, 2]] }` is
 * Mark Six banker 1, 2 with five legs → C(5, 4) = 5 lines. `auto: true` with empty zones: the
 * server quick-picks the line.
 */
export const drawLineInput = z.object({
  zones: z.array(zoneNumbers, { error: 'invalid' }).max(3, { error: 'invalid' }).default([]),
  bankers: z.array(zoneNumbers, { error: 'invalid' }).max(3, { error: 'invalid' }).optional(),
  auto: z.boolean({ error: 'invalid' }).optional(),
});
export type DrawLineInput = z.infer<typeof drawLineInput>;

/**
 * `POST /api/orders` and `POST /api/orders/quote` for a draw lottery (API.md "Orders"):
 * `issue` defaults to the next draw on sale; `draws` buys the same ticket for that many
 * consecutive draws (one order each, paid up front); `system: true` lets a zone hold more numbers
 * than it needs (every combination is bought); `play` is 39樂合彩's `'2' | '3' | '4'`;
 * `addOns: ['powerPlay']` (USA01); `partialUnit: true` is Mark Six's HK$5 unit (system/banker only).
 */
export const drawOrderBody = z.object({
  productCode: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20, { error: 'invalid' }),
  issue: z.string({ error: 'invalid' }).trim().min(1, { error: 'invalid' }).max(40, { error: 'invalid' }).optional(),
  draws: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(52, { error: 'invalid' }).default(1),
  trial: z.boolean({ error: 'invalid' }).default(false),
  lines: z.array(drawLineInput, { error: 'required' }).min(1, { error: 'required' }).max(50, { error: 'too_many_numbers' }),
  system: z.boolean({ error: 'invalid' }).default(false),
  play: z.enum(['2', '3', '4'], { error: 'invalid' }).optional(),
  addOns: z.array(z.string({ error: 'invalid' }).max(40, { error: 'invalid' }), { error: 'invalid' }).max(4, { error: 'invalid' }).default([]),
  partialUnit: z.boolean({ error: 'invalid' }).default(false),
});
export type DrawOrderBody = z.input<typeof drawOrderBody>;
export type DrawOrderRequest = z.output<typeof drawOrderBody>;

/** The ticket of an order body, in common's terms (`validateDrawTicket`, `drawTicketCost`, `expandTicket`). */
export function drawTicketOfBody(body: Pick<DrawOrderRequest, 'lines' | 'system' | 'play' | 'addOns' | 'partialUnit'>) {
  return {
    entries: body.lines.map((line) => ({ zones: line.zones, ...(line.bankers ? { bankers: line.bankers } : {}) })),
    system: body.system,
    ...(body.play ? { play: body.play } : {}),
    addOns: body.addOns,
    partialUnit: body.partialUnit,
  };
}

/** A drawn result: numbers per zone in draw order, the extra/bonus/special numbers, Power Play's drawn multiplier. */
export const drawResultSchema = z.object({
  zones: z.array(z.array(z.number().int())),
  extra: z.array(z.number().int()),
  multiplier: z.number().int().optional(),
});
export type DrawResultWire = z.infer<typeof drawResultSchema>;

/** What one division paid on a draw: per-line amount (`null` = pool amount not entered yet), winners (official when entered, else ours). */
export const drawDivisionResultSchema = z.object({
  division: z.number().int(),
  /** 39樂合彩's play (`'2'`, `'3'`, `'4'`) the division belongs to; null for other products. */
  play: z.string().nullable(),
  name: z.string(),
  localName: z.string(),
  kind: z.enum(['fixed', 'pool']),
  amount: z.number().int().nullable(),
  winners: z.number().int().nullable(),
  /** Our members' winning lines on this division. */
  ourWinners: z.number().int(),
  capped: z.boolean(),
});
export type DrawDivisionResult = z.infer<typeof drawDivisionResultSchema>;

export const lotteryDrawSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  issue: z.string(),
  /** `第1937回`, `Draw 1305`, or the issue itself. */
  displayIssue: z.string(),
  salesOpenAt: z.string(),
  salesCloseAt: z.string(),
  drawAt: z.string(),
  status: z.enum(['scheduled', 'drawn', 'void']),
  seedHash: z.string(),
  jackpot: localAmount.nullable(),
  result: drawResultSchema.nullable(),
  resultSource: z.enum(['simulated', 'manual', 'feeds']).nullable(),
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  /** Empty until drawn. */
  divisions: z.array(drawDivisionResultSchema),
  /** Every pool amount is in: the draw is fully settled. */
  final: z.boolean(),
});
export type LotteryDrawWire = z.infer<typeof lotteryDrawSchema>;

export const LOTTERY_DRAW_STATUSES = ['open', 'upcoming', 'closed', 'drawn'] as const;
/** `open`: on sale now; `upcoming`: sales not closed yet (what multi-draw buys), soonest first; `closed`: awaiting result; `drawn`: newest first. */
export const lotteryDrawsQuery = z.object({
  status: z.enum(LOTTERY_DRAW_STATUSES, { error: 'invalid' }).default('upcoming'),
  limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100, { error: 'invalid' }).default(20),
});
export const lotteryResultsQuery = z.object({
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(10_000, { error: 'invalid' }).default(1),
  pageSize: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(100, { error: 'invalid' }).default(20),
});
export const lotteryResultsPage = z.object({ items: z.array(lotteryDrawSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

const divisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  localName: z.string(),
  match: z.array(z.object({ hits: z.array(z.number().int()), extra: z.object({ min: z.number().int(), max: z.number().int() }).optional() })),
  prize: z.union([z.object({ kind: z.literal('fixed'), amount: z.number().int() }), z.object({ kind: z.literal('pool'), estimate: z.number().int().nullable(), jackpot: z.boolean().optional() })]),
  cap: z.object({ total: z.number().int(), roundTo: z.number().int(), ...provenance }).optional(),
  multiplied: z.boolean().optional(),
  /** Chance one line wins it (exact). */
  probability: z.number(),
});
const tableSchema = z.object({ divisions: z.array(divisionSchema), ...provenance });

/** `GET /api/products` entries of family `draw`. `unitPrice`: GP hundredths for one line, fee included. */
export const drawProductSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  localName: z.string(),
  family: z.literal('draw'),
  region: z.string(),
  timezone: z.string(),
  currency: z.string(),
  unitPrice: z.number().int(),
  rates: z.object({ price: pointsRateSchema, prize: pointsRateSchema }),
  availability: z.object({ onSale: z.boolean(), reason: z.string().nullable(), reasonCode: z.enum(['discontinued']).nullable() }),
  nextDraw: z.object({ id: z.string(), issue: z.string(), displayIssue: z.string(), drawAt: z.string(), salesCloseAt: z.string() }).nullable(),
  jackpot: localAmount.nullable(),
  /**
   * The rules in brief. `superNumber` is always null: code that reads every listed product's
   * `rules.superNumber` (a keno feature) finds none here. `unconfirmed` names the facts the UI must
   * label (`unitStake`, `table`, `multiDraw`, `calendar.salesCloseMinutes`, …).
   */
  rules: z.object({
    zones: z.array(z.object({ pick: z.number().int(), poolSize: z.number().int(), drawCount: z.number().int() })),
    multiDrawMax: z.number().int(),
    salesCloseMinutes: z.number().int(),
    superNumber: z.null(),
    unconfirmed: z.array(z.string()),
  }),
});
export type DrawProductSummary = z.infer<typeof drawProductSummarySchema>;

/** `GET /api/draw-products/:code` (also `GET /api/products/:code` for a draw code): every rule, the next draws, the jackpot. */
export const drawProductDetailSchema = drawProductSummarySchema.extend({
  operator: z.string(),
  unitStake: z.object({ amount: z.number().int(), currency: z.string(), ...provenance }),
  partialUnit: z.object({ stake: z.number().int(), prizeNumerator: z.number().int(), prizeDenominator: z.number().int(), ...provenance }).nullable(),
  serviceFeeBasisPoints: z.number().int(),
  zones: z.array(z.object({
    key: z.string(),
    label: z.string(),
    pick: z.number().int(),
    poolSize: z.number().int(),
    drawCount: z.number().int(),
    system: z.object({ maxNumbers: z.number().int() }).nullable(),
    bankers: z.object({ max: z.number().int() }).nullable(),
  })),
  extra: z.object({ count: z.number().int(), label: z.string() }).nullable(),
  drawOf: z.string().nullable(),
  table: tableSchema,
  plays: z.array(z.object({ code: z.string(), name: z.string(), localName: z.string(), pick: z.number().int(), table: tableSchema })).nullable(),
  addOns: z.array(z.object({ code: z.string(), name: z.string(), stake: z.number().int(), multipliers: z.array(z.object({ value: z.number().int(), weight: z.number().int() })), fixedPrizes: z.record(z.string(), z.number().int()), highestOnlyWhenJackpotAtMost: z.number().int().nullable(), ...provenance })),
  builtInMultiplier: z.object({ values: z.array(z.object({ value: z.number().int(), weight: z.number().int() })), ...provenance }).nullable(),
  multiDraw: z.object({ max: z.number().int(), ...provenance }),
  maxLines: z.number().int(),
  maxEntries: z.number().int(),
  calendar: z.object({
    timezone: z.string(),
    weekdays: z.array(z.number().int()),
    time: z.string(),
    salesCloseMinutes: z.number().int(),
    breaks: z.array(z.object({ from: z.string(), to: z.string() })),
    moves: z.array(z.object({ from: z.string(), to: z.string() })),
    cancelled: z.array(z.string()),
    unconfirmed: z.array(z.string()),
    ...provenance,
  }),
  numbering: z.object({ kind: z.string() }).passthrough(),
  baseJackpot: z.object({ amount: z.number().int(), currency: z.string(), ...provenance }).nullable(),
  notes: z.array(z.string()),
  /** The next draws not yet closed, soonest first (what multi-draw buys). */
  upcoming: z.array(lotteryDrawSchema),
});
export type DrawProductDetail = z.infer<typeof drawProductDetailSchema>;

/** Number master (`GET /api/draw-products/:code/stats?draws=`): per zone, from the last `draws` drawn results. */
export const drawStatsQuery = z.object({
  draws: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(500, { error: 'invalid' }).default(100),
});
export const drawStatsSchema = z.object({
  productCode: z.string(),
  draws: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  zones: z.array(z.object({
    key: z.string(),
    poolSize: z.number().int(),
    /** `frequency[n - 1]`: how often n was drawn. */
    frequency: z.array(z.number().int()),
    /** `sinceLast[n - 1]`: draws since n last came up (`draws` when never in the window). */
    sinceLast: z.array(z.number().int()),
    /** The 20 most common pairs (first zone only; empty for one-number zones). */
    pairs: z.array(z.object({ a: z.number().int(), b: z.number().int(), count: z.number().int() })),
    /** Per draw, oldest first: how many odd and how many high (> poolSize / 2) numbers. */
    splits: z.array(z.object({ issue: z.string(), odd: z.number().int(), high: z.number().int() })),
  })),
});
export type DrawStats = z.infer<typeof drawStatsSchema>;

/** Per-division wins "if all picked numbers hit" (common `bestCaseWins`). */
export const divisionWinsSchema = z.object({
  division: z.number().int(),
  lines: z.number().int(),
  unitPrize: z.number().int().nullable(),
  estimate: z.number().int().nullable(),
  amount: z.number().int().nullable(),
});

/** `POST /api/orders/quote` for a draw product: the keno/football quote plus the expansion and the draws it would buy. */
export const drawQuoteResponse = quoteResponse.extend({
  /** `bets`: lines after expansion, per draw; `total`: GP hundredths for ALL draws (what placing debits in total). */
  draws: z.array(z.object({ id: z.string(), issue: z.string(), displayIssue: z.string(), drawAt: z.string(), salesCloseAt: z.string() })),
  /** GP hundredths per draw. */
  perDraw: z.number().int(),
  bestCase: z.array(divisionWinsSchema),
});
export type DrawQuoteResponse = z.infer<typeof drawQuoteResponse>;

/** A line of a settled draw order (winning lines only): `line` indexes the expanded lines; `prize` null = pool amount pending. */
export const settledDrawLineSchema = z.object({
  line: z.number().int(),
  numbers: z.array(z.array(z.number().int())),
  hits: z.array(z.number().int()),
  extraHits: z.number().int(),
  division: z.number().int().nullable(),
  prize: z.number().int().nullable(),
  multiplier: z.number().int(),
});

/**
 * The `draw` part of a draw-lottery order. `selections` of such an order are its entries as bought
 * (`{ zones, bankers? }`, quick picks filled in). `state`: `open` (not drawn), `pending` (won a pool
 * division whose amount is not in: "division 2 won — amount pending"), `large_win` (above
 * LARGE_WIN_POINTS: held for the back office), `settled`.
 */
export const drawOrderPartSchema = z.object({
  displayIssue: z.string(),
  drawAt: z.string(),
  play: z.string().nullable(),
  system: z.boolean(),
  partialUnit: z.boolean(),
  addOns: z.array(z.string()),
  lines: z.number().int(),
  /** Mega Millions: the multiplier printed on each expanded line. */
  lineMultipliers: z.array(z.number().int()).nullable(),
  /** The orders bought together for consecutive draws: `index` 1..`count`. */
  group: z.object({ id: z.string(), index: z.number().int(), count: z.number().int() }),
  result: drawResultSchema.nullable(),
  state: z.enum(['open', 'pending', 'large_win', 'settled']),
  outcome: z
    .object({
      prize: localAmount,
      lines: z.array(settledDrawLineSchema),
      pendingDivisions: z.array(z.number().int()),
    })
    .nullable(),
});
export type DrawOrderPart = z.infer<typeof drawOrderPartSchema>;

/** Back office, manual result: numbers per zone, extras, Power Play multiplier, and any pool amounts / official winner counts known now. */
export const divisionAmountsInput = z
  .array(
    z.object({
      division: z.number({ error: 'required' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(20, { error: 'invalid' }),
      amount: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).max(1e14, { error: 'invalid' }).optional(),
      winners: z.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).max(1e9, { error: 'invalid' }).optional(),
    }),
    { error: 'invalid' },
  )
  .max(20, { error: 'invalid' });

export const drawManualResultBody = z.object({
  zones: z.array(z.array(ball, { error: 'invalid' }).max(10, { error: 'too_many_numbers' }), { error: 'required' }).min(1, { error: 'required' }).max(3, { error: 'invalid' }),
  extra: z.array(ball, { error: 'invalid' }).max(3, { error: 'too_many_numbers' }).default([]),
  multiplier: z.number({ error: 'invalid' }).int({ error: 'invalid' }).optional(),
  divisions: divisionAmountsInput.default([]),
});
export type DrawManualResultBody = z.input<typeof drawManualResultBody>;

/** Back office: pool amounts (and official winner counts) entered after the result. */
export const drawPrizesBody = z.object({ divisions: divisionAmountsInput.min(1, { error: 'required' }) });

/** Back office: the jackpot / estimated first prize of a draw, in minor units of the product's currency. */
export const drawJackpotBody = z.object({ amount: z.number({ error: 'required' }).int({ error: 'invalid' }).min(0, { error: 'invalid' }).max(1e14, { error: 'invalid' }) });

/**
 * Pool amounts and jackpots are entered with four eyes (issue 31): what a staff member's entry did —
 * `waiting_second` (nobody else has entered), `mismatch` (a colleague entered other figures: both
 * shown), `published` (a colleague entered the same: published once, `draw` as it now reads).
 * `figures` is `{ divisions }` or `{ amount }`, in minor units of the product's currency.
 */
export const DRAW_FIGURE_TARGETS = ['lottery_prizes', 'lottery_jackpot'] as const;
export type DrawFigureTarget = (typeof DRAW_FIGURE_TARGETS)[number];
export const drawFigureEntrySchema = z.object({ staffId: z.string(), staffName: z.string(), mine: z.boolean(), figures: z.unknown(), at: z.string() });
export type DrawFigureEntry = z.infer<typeof drawFigureEntrySchema>;
export const drawFigureEntryResponse = z.object({
  state: z.enum(['waiting_second', 'published', 'mismatch']),
  entries: z.array(drawFigureEntrySchema),
  draw: lotteryDrawSchema.nullable(),
});
export type DrawFigureEntryResponse = z.infer<typeof drawFigureEntryResponse>;

/** Socket `jackpot` on `draws:<code>`: a draw's jackpot changed. */
export const jackpotEventSchema = z.object({ productCode: z.string(), drawId: z.string(), issue: z.string(), jackpot: localAmount, at: z.string() });
export type JackpotEventPayload = z.infer<typeof jackpotEventSchema>;
/** Socket `lotteryDraw` on `draws:<code>`: a result (or pool amounts) published; re-fetch the draw. */
export const lotteryDrawEventSchema = z.object({ productCode: z.string(), drawId: z.string(), issue: z.string(), result: drawResultSchema, final: z.boolean(), at: z.string() });
export type LotteryDrawEventPayload = z.infer<typeof lotteryDrawEventSchema>;

/** `GET /api/admin/large-wins`: draw orders held above LARGE_WIN_POINTS. */
export const largeWinSchema = z.object({
  orderId: z.string(),
  /** `fixed`: what was due when the numbers came in; `pool`: the later pool amounts. */
  stage: z.enum(['fixed', 'pool']),
  userId: z.string(),
  productCode: z.string(),
  issue: z.string(),
  prize: localAmount,
  prizePoints: z.number().int(),
  heldAt: z.string(),
});
export type LargeWin = z.infer<typeof largeWinSchema>;

/**
 * Server storage of a draw-lottery order (`orders.plays`): the ticket as bought and its place in its
 * multi-draw group. Shared so the order and settlement modules read one shape.
 */
export interface DrawOrderPlays {
  kind: 'draw';
  entries: Array<{ zones: number[][]; bankers?: number[][] }>;
  play: string | null;
  system: boolean;
  partialUnit: boolean;
  addOns: string[];
  /** Lines after expansion. */
  lines: number;
  /** Mega Millions: the multiplier drawn for each expanded line at purchase. */
  lineMultipliers: number[] | null;
  group: { id: string; index: number; count: number };
  drawAt: string;
  displayIssue: string;
}

/** Server storage of a draw-lottery order's settlement (`orders.draw_result`). */
export interface DrawOrderRecord {
  result: DrawResultWire;
  outcome: NonNullable<DrawOrderPart['outcome']>;
  /** GP hundredths per stage: due when the numbers came in (`fixed`, with any pool amount already known) and later (`pool`). */
  stages: { fixed: number | null; pool: number | null };
}
