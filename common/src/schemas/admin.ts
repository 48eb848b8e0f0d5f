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
  // Ids are strings on the wire; users.id is a bigint, so only plain positive integers can name one.
  userId: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(/^[1-9]\d{0,17}$/, { error: 'invalid' }),
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
