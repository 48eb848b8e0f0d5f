import { z } from 'zod';

/**
 * The purchase sheet of a draw or a football event (issue 31 item 3): every ticket still to buy,
 * grouped as a terminal operator keys them — per product, play and multiplier — one line per
 * ticket (an order is one ticket: one reference and one scan confirm it).
 */

const id = z.string({ error: 'required' }).trim().regex(/^[1-9]\d{0,17}$/, { error: 'invalid' });

export const purchaseSheetTicket = z.object({
  orderId: z.string(),
  member: z.object({ id: z.string(), name: z.string() }),
  issue: z.string(),
  /** What is keyed, one entry per play or entry or leg of the ticket (`03 11 25 40 52`, `big`, `1234 HAD H @2.10`). */
  lines: z.array(z.string()),
  units: z.number().int(),
  /** GP hundredths charged for it. */
  amount: z.number().int(),
  salesCloseAt: z.string(),
});
export type PurchaseSheetTicket = z.infer<typeof purchaseSheetTicket>;

export const purchaseSheetGroup = z.object({
  productCode: z.string(),
  /** The play as the terminal names it (`pick5`, `system`, `allup 3x1`); tickets mixing plays join them with `+`. */
  play: z.string(),
  multiplier: z.number().int(),
  tickets: z.array(purchaseSheetTicket),
});
export type PurchaseSheetGroup = z.infer<typeof purchaseSheetGroup>;

export const purchaseSheetSchema = z.object({
  per: z.enum(['draw', 'event']),
  id: z.string(),
  productCode: z.string().nullable(),
  groups: z.array(purchaseSheetGroup),
  totals: z.object({ tickets: z.number().int(), units: z.number().int(), amount: z.number().int() }),
  generatedAt: z.string(),
});
export type PurchaseSheet = z.infer<typeof purchaseSheetSchema>;

/** `GET /api/admin/draws/:id/purchase-sheet`: which product's draw (keno and draw lotteries number their draws apart), and JSON or CSV. */
export const purchaseSheetQuery = z.object({
  productCode: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(10, { error: 'invalid' }).regex(/^[A-Z0-9]+$/, { error: 'invalid' }),
  format: z.enum(['json', 'csv'], { error: 'invalid' }).default('json'),
});
export const eventSheetQuery = purchaseSheetQuery.pick({ format: true });

/**
 * Multipart fields of a sheet's confirmation: `items`, JSON text of `[{ orderId, ticketRef }]`,
 * and beside it one optional file part per ticket, named `scan.<orderId>`.
 */
export const sheetConfirmItems = z
  .array(z.object({ orderId: id, ticketRef: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'invalid' }) }), { error: 'required' })
  .min(1, { error: 'required' })
  .max(100, { error: 'invalid' })
  .refine((items) => new Set(items.map((item) => item.orderId)).size === items.length, { error: 'invalid' });
export const sheetConfirmBody = z.object({
  items: z.string({ error: 'required' }).max(40_000, { error: 'invalid' }).transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
  }).pipe(sheetConfirmItems),
});

/** Per ticket: `confirmed` now, `already` confirmed with this reference (a retry), or refused with its error code. */
export const sheetConfirmResult = z.object({
  results: z.array(z.object({ orderId: z.string(), outcome: z.enum(['confirmed', 'already', 'refused']), error: z.string().optional(), scan: z.boolean() })),
});
export type SheetConfirmResult = z.infer<typeof sheetConfirmResult>;
