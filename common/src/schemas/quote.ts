import { z } from 'zod';
import { pointsRateSchema } from './keno.ts';

const localAmount = z.object({ amount: z.number().int(), currency: z.string() });

/**
 * What an order would cost and could win, without placing it (`POST /api/orders/quote`), whatever
 * its family. `bets`: the number of plays. A family may answer more (the draw lotteries: the draws
 * a ticket would buy, see `drawQuoteResponse`).
 */
export const quoteResponse = z.object({
  units: z.number().int(),
  bets: z.number().int(),
  stake: localAmount,
  fee: localAmount,
  maxPrize: localAmount,
  /** GP hundredths: what placing the order debits. */
  total: z.number().int(),
  /** GP hundredths: `maxPrize` converted at the prize rate, rounded down as a prize would be. */
  maxPrizePoints: z.number().int(),
  /** The rates used: `price` turned stake (and fee) into `total`, `prize` converts prizes. */
  rates: z.object({ price: pointsRateSchema, prize: pointsRateSchema }),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;
