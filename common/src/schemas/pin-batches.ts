import { z } from 'zod';
import { createPinsBody } from './pins.ts';

/**
 * Back office, PIN batches (issue 13): issue → list → export the codes as CSV once → void the
 * codes nobody redeemed. The plain codes leave the server exactly once, in that export.
 */
export const pinBatchBody = createPinsBody.extend({
  /** Expiry as an ISO instant; codes redeemed after it are refused like an unknown code. */
  expiresAt: z.iso.datetime({ offset: true, error: 'invalid' }).optional(),
  note: z.string({ error: 'invalid' }).trim().max(200, { error: 'invalid' }).optional(),
});
export type PinBatchBody = z.input<typeof pinBatchBody>;

export const pinBatchSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  points: z.number().int(),
  note: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  exportedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /**
   * `pending`: over its issuer's rolling-day bound (ADJUSTMENT_APPROVAL_POINTS), so a second
   * supervisor approves it before it can be exported; `approved` once one has; `not_needed` within it.
   */
  approval: z.enum(['not_needed', 'pending', 'approved']),
  approvedAt: z.string().nullable(),
  approvedByName: z.string().nullable(),
  redeemed: z.number().int(),
  voided: z.number().int(),
});
export type PinBatch = z.infer<typeof pinBatchSchema>;

export const pinBatchesQuery = z.object({
  limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(200, { error: 'invalid' }).default(50),
});
