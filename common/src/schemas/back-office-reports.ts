import { z } from 'zod';
import { ORDER_STATUSES, orderSchema } from './orders.ts';

/**
 * Issue 31 items 4 and 5: the back office's order search with an order's whole timeline, the
 * daily report and the reconciliation of a day (docs/back-office.md "Finding orders" and
 * "Reconciling a day"). Every GP amount here is in hundredths, as everywhere on the wire; the
 * CSV exports write them as GP with two decimals, as the screens show them.
 */

const id = z.string({ error: 'invalid' }).trim().regex(/^[1-9]\d{0,17}$/, { error: 'invalid' });

/** A calendar day, `YYYY-MM-DD`, that exists (no 2026-02-30). */
export const calendarDay = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day && at.getUTCFullYear() >= 2000 && at.getUTCFullYear() <= 2100;
  }, { error: 'invalid' });

/** A day (`YYYY-MM-DD`, in the report time zone) or an instant with its offset (`2026-05-01T08:00:00+08:00`). */
const dayOrInstant = z
  .string({ error: 'invalid' })
  .trim()
  .max(40, { error: 'invalid' })
  .refine((value) => calendarDay.safeParse(value).success || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))), { error: 'invalid' });

/** The most days one daily report (or its CSV) covers. */
export const REPORT_MAX_DAYS = 92;
/** The most orders one page of the search answers. */
export const ORDER_SEARCH_MAX_PAGE = 100;

/** `status=0,1`: one or more order status codes. */
const statusList = z
  .string({ error: 'invalid' })
  .trim()
  .regex(/^\d(,\d){0,4}$/, { error: 'invalid' })
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((codes) => codes.every((code) => (ORDER_STATUSES as readonly number[]).includes(code)), { error: 'invalid' });

/**
 * GET /api/admin/orders. Keyset paging, newest first: `before` is the `nextBefore` of the previous
 * page (an order id); `limit` at most ORDER_SEARCH_MAX_PAGE. `drawId` names a draw of the product's
 * family, so it needs `productCode` (a keno draw and a draw-lottery draw can share an id).
 * `from`/`to`: when the order was placed, days in the report time zone (`to` included) or instants.
 */
export const adminOrdersQuery = z
  .object({
    productCode: z.string({ error: 'invalid' }).trim().regex(/^[A-Z]{2,3}\d{2}$/, { error: 'invalid' }).optional(),
    drawId: id.optional(),
    eventId: id.optional(),
    status: statusList.optional(),
    from: dayOrInstant.optional(),
    to: dayOrInstant.optional(),
    memberId: id.optional(),
    q: z.string({ error: 'invalid' }).trim().min(1, { error: 'invalid' }).max(100, { error: 'invalid' }).optional(),
    before: id.optional(),
    limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(ORDER_SEARCH_MAX_PAGE, { error: 'invalid' }).default(50),
  })
  .refine((query) => !query.drawId || query.productCode, { path: ['productCode'], error: 'required' });
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;
export type AdminOrdersQueryInput = z.input<typeof adminOrdersQuery>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** One order in the search: what, whose, how far it got, for how much. */
export const adminOrderRowSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  issue: z.string(),
  status: z.number().int(),
  trial: z.boolean(),
  pointsSpent: z.number().int(),
  prize: z.number().int().nullable(),
  ticketRef: z.string().nullable(),
  createdAt: z.string(),
  purchasedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  salesCloseAt: z.string(),
  member: personSchema,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrdersPage = z.object({ items: z.array(adminOrderRowSchema), nextBefore: z.string().nullable(), limit: z.number().int(), timeZone: z.string() });
export type AdminOrdersPage = z.infer<typeof adminOrdersPage>;

/**
 * One line of an order's timeline, oldest first: a status change the member sees in their history
 * (`status`), a staff action with who did it (`staff`, from the audit log), a ledger posting
 * (`money`) or a back-office flag (`flag`).
 */
export const timelineEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), at: z.string(), from: z.number().int().nullable(), to: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('staff'), at: z.string(), action: z.string(), actor: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(), detail: z.unknown() }),
  z.object({ type: z.literal('money'), at: z.string(), kind: z.string(), account: z.string(), amount: z.number().int(), balanceAfter: z.number().int() }),
  z.object({ type: z.literal('flag'), at: z.string(), kind: z.string(), resolvedAt: z.string().nullable(), detail: z.unknown() }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const adminOrderDetail = z.object({ order: orderSchema, member: personSchema, timeline: z.array(timelineEntrySchema) });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

const format = z.enum(['json', 'csv'], { error: 'invalid' }).default('json');

/** GET /api/admin/reports/daily: `from` to `to` (included; default `from`), days in the report time zone, at most REPORT_MAX_DAYS. */
export const dailyReportQuery = z
  .object({ from: calendarDay, to: calendarDay.optional(), format })
  .refine((q) => !q.to || q.to >= q.from, { path: ['to'], error: 'invalid' })
  .refine((q) => !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, { path: ['to'], error: 'invalid' });
export type DailyReportQuery = z.output<typeof dailyReportQuery>;

/** GET /api/admin/reports/reconciliation: one finished or current day. */
export const reconciliationQuery = z.object({ date: calendarDay, format });
export type ReconciliationQuery = z.output<typeof reconciliationQuery>;

/** An amount of a product's own money, in its minor units. */
const localMoney = z.object({ amount: z.number().int(), currency: z.string() });

/** What one product sold and paid on a day (real points only; trial plays are counted apart). */
export const productDaySchema = z.object({
  productCode: z.string(),
  /** Orders placed that day (real points). */
  orders: z.number().int(),
  /** Their stake and handling fees in the product's money. */
  stake: localMoney,
  fees: localMoney,
  /** GP charged for them. */
  charged: z.number().int(),
  /** GP refunded that day for this product's orders, and GP of prizes credited. */
  refunds: z.number().int(),
  prizes: z.number().int(),
  /** Orders placed that day with trial points (not money). */
  trialOrders: z.number().int(),
});
export type ProductDay = z.infer<typeof productDaySchema>;

export const reportDaySchema = z.object({
  date: z.string(),
  products: z.array(productDaySchema),
  totals: z.object({ orders: z.number().int(), charged: z.number().int(), refunds: z.number().int(), prizes: z.number().int() }),
  /** Deposits paid that day, per method and currency: how many, the money, the GP credited. */
  deposits: z.array(z.object({ method: z.string(), currency: z.string(), count: z.number().int(), amount: z.number().int(), points: z.number().int() })),
  pins: z.object({ count: z.number().int(), points: z.number().int() }),
  adjustments: z.object({ count: z.number().int(), credits: z.number().int(), debits: z.number().int() }),
  /** Withdrawals requested (points held), paid (and what the bank paid, in the payout's minor units) and closed with the points returned that day. */
  withdrawals: z.object({
    requested: z.object({ count: z.number().int(), points: z.number().int() }),
    paid: z.object({ count: z.number().int(), points: z.number().int() }),
    returned: z.object({ count: z.number().int(), points: z.number().int() }),
  }),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const dailyReportSchema = z.object({ timeZone: z.string(), from: z.string(), to: z.string(), days: z.array(reportDaySchema) });
export type DailyReport = z.infer<typeof dailyReportSchema>;

/** The checks of a reconciliation, each a figure of the books against the ledger. */
export const RECONCILIATION_CHECKS = ['ledger_total', 'deposits', 'orders', 'prizes', 'pins', 'adjustments', 'withdrawals_held', 'withdrawals_returned', 'withdrawals_paid', 'ledger_causes'] as const;
export type ReconciliationCheck = (typeof RECONCILIATION_CHECKS)[number];

export const reconciliationMismatchSchema = z.object({
  check: z.enum(RECONCILIATION_CHECKS),
  /** Why it does not agree, a stable word (docs/back-office.md lists them). */
  cause: z.string(),
  refType: z.string(),
  refId: z.string(),
  expected: z.number().int().nullable(),
  actual: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationFigureSchema = z.object({
  check: z.enum(RECONCILIATION_CHECKS),
  /** What the books say (sum of balances, deposits paid, orders charged − refunded, prizes settled, …) and what the ledger says. */
  expected: z.number().int(),
  actual: z.number().int(),
  ok: z.boolean(),
});
export type ReconciliationFigure = z.infer<typeof reconciliationFigureSchema>;

export const reconciliationSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  at: z.string(),
  ok: z.boolean(),
  figures: z.array(reconciliationFigureSchema),
  mismatches: z.array(reconciliationMismatchSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
