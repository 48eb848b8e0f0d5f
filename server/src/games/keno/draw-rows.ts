import type { ScheduledDraw } from '@gp/common';
import { newSeed, seedHash } from '../../platform/seed-commitment.ts';
import type { NewDraw } from './repo.ts';

/**
 * A scheduled draw as a new `draws` row, committed to a fresh secret seed: its sha256 is public
 * from now on, the seed itself only with the result. Used for the draws ahead (the scheduler) and
 * the past day a fresh simulated install fills in (the backfill), so both commit the same way.
 */
export function committedDraw(productCode: string, draw: ScheduledDraw): NewDraw {
  const seed = newSeed();
  return {
    product_code: productCode,
    issue: draw.issue,
    sales_open_at: draw.salesOpenAt,
    sales_close_at: draw.salesCloseAt,
    draw_at: draw.drawAt,
    seed,
    seed_hash: seedHash(seed),
  };
}
