import { z } from 'zod';
import { requiredText } from './fields.ts';
import { ACCOUNTS } from './wallet.ts';

/** The largest single operator adjustment, either way: 1,000,000.00 GP (hundredths). */
export const MAX_ADJUSTMENT = 100_000_000;

/**
 * Back office: credit (amount > 0) or debit (amount < 0) a member's wallet, with a reason.
 * Example: `{ userId: "42", amount: -1250, reason: "duplicate deposit" }` takes 12.50 GP back
 * from member 42's real account.
 */
export const adjustmentBody = z.object({
  // Ids are strings on the wire; users.id is a bigint, so only plain positive integers can name one
  // (the server reads the number, as `requestId` in ./fields.ts).
  userId: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(/^[1-9]\d{0,17}$/, { error: 'invalid' }).transform(Number),
  amount: z
    .number({ error: 'required' })
    .int({ error: 'invalid' })
    .min(-MAX_ADJUSTMENT, { error: 'invalid' })
    .max(MAX_ADJUSTMENT, { error: 'invalid' })
    .refine((amount) => amount !== 0, { error: 'invalid' }),
  account: z.enum(ACCOUNTS, { error: 'invalid' }).default('real'),
  reason: requiredText(200),
});
export type AdjustmentBody = z.input<typeof adjustmentBody>;
export type Adjustment = z.output<typeof adjustmentBody>;

/** 202: the adjustment is queued; the new balance reaches the member's sockets once applied. */
export const adjustmentResponse = z.object({ adjustmentId: z.string() });
export type AdjustmentResponse = z.infer<typeof adjustmentResponse>;

/**
 * An order the back office must look at: `bought_after_refund` (the operator sold a ticket for an
 * order we had already refunded at its cut-off) or `purchase_in_doubt` (past its cut-off, the
 * gateway could not say whether it sold one). Open until resolved.
 */
export const orderFlagSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(['bought_after_refund', 'purchase_in_doubt']),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  order: z.object({ userId: z.string(), productCode: z.string(), issue: z.string(), status: z.number().int(), pointsSpent: z.number().int(), ticketRef: z.string().nullable() }),
});
export const orderFlagList = z.object({ items: z.array(orderFlagSchema) });
export type OrderFlag = z.infer<typeof orderFlagSchema>;

/** `GET /api/health`: 200 while every repeatable job runs and the outbox keeps up, else 503 saying what stalled. */
export const healthReport = z.object({
  ok: z.boolean(),
  schedules: z.array(z.object({ id: z.string(), everyMs: z.number().int(), lastTickAt: z.string().nullable(), ageMs: z.number().int(), stalled: z.boolean() })),
  outbox: z.object({ pending: z.number().int(), oldestAgeMs: z.number().int().nullable(), behind: z.boolean() }),
  openOrderFlags: z.number().int(),
});
/** What `/api/health` answers with 503 when the database cannot be reached at all. */
export const healthUnavailable = z.object({ ok: z.literal(false), error: z.literal('database_unavailable') });
export type HealthReport = z.infer<typeof healthReport>;
