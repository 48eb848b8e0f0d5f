import { z } from 'zod';

/**
 * Back office, four-eyes results (issue 13): what waits for a result and where its entries stand
 * for the staff member asking. Nobody sees another's entry before entering their own; once they
 * have, a mismatch shows both.
 */
export const resultTargetType = z.enum(['keno_draw', 'football_event', 'lottery_draw']);
export type ResultTargetType = z.infer<typeof resultTargetType>;

export const pendingResultSchema = z.object({
  targetType: resultTargetType,
  targetId: z.string(),
  /** Keno or draw-lottery product code; the tournament code for football. */
  productCode: z.string(),
  /** Issue number, or `Home v Away` for football. */
  label: z.string(),
  /** Draw time or kick-off. */
  at: z.string(),
  /** The draw lottery's zones (how many numbers each, their range), its extra numbers and multiplier; empty otherwise. */
  shape: z.object({ zones: z.array(z.object({ pick: z.number().int(), max: z.number().int() })), extra: z.number().int(), multiplier: z.boolean() }).nullable(),
  entries: z.number().int(),
  /** `none`: you have not entered; otherwise where your entry stands. */
  state: z.enum(['none', 'waiting_second', 'mismatch']),
  /** Shown only once you have entered yours. */
  shown: z.array(z.object({ staffId: z.string(), staffName: z.string(), mine: z.boolean(), result: z.unknown(), at: z.string() })),
});
export type PendingResult = z.infer<typeof pendingResultSchema>;
