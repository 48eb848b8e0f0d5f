import crypto from 'node:crypto';
import type { Platform } from '../../src/platform/platform.ts';
import type { TestClock } from '../support/clock.ts';
import { eventually } from '../support/wait.ts';

/** CAB01 only, a draw every 30 s with sales closing 1 s before: long windows for placement tests. */
export const SLOW_CAB01 = { KENO_PRODUCTS: 'CAB01', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }) };
/** CAB01 only, a draw every 4 s, sales closing 1 s before: an order's timeout comes within seconds. */
export const FAST_ONLY_CAB01 = { KENO_PRODUCTS: 'CAB01', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 4, salesCloseSeconds: 1 } }) };

/**
 * The CAB01 issue on sale now, by the platform's clock, with at least `remainingMs` before its
 * cut-off. When the issue on sale has less left, a platform with a test clock is moved to the next
 * issue's opening instead of waiting for it on the wall clock; one without waits for the next window.
 */
export async function openIssue(platform: Platform & { clock?: TestClock }, remainingMs: number, timeoutMs = 40_000) {
  const onSale = async () => {
    const now = platform.now();
    const draw = await platform.db
      .selectFrom('draws')
      .select(['id', 'issue', 'sales_close_at', 'draw_at'])
      .where('product_code', '=', 'CAB01')
      .where('status', '=', 'scheduled')
      .where('sales_open_at', '<=', now)
      .where('sales_close_at', '>', new Date(now.getTime() + remainingMs))
      .orderBy('draw_at')
      .executeTakeFirst();
    return draw && { ...draw, id: String(draw.id) };
  };
  const current = await onSale();
  if (current || !platform.clock) return current ?? eventually(`a CAB01 issue on sale with ${remainingMs} ms left`, onSale, timeoutMs);
  const next = await platform.db
    .selectFrom('draws')
    .select(['sales_open_at'])
    .where('product_code', '=', 'CAB01')
    .where('status', '=', 'scheduled')
    .where('sales_open_at', '>', platform.now())
    .orderBy('sales_open_at')
    .executeTakeFirst();
  if (next) platform.clock.advanceTo(next.sales_open_at);
  return eventually(`a CAB01 issue on sale with ${remainingMs} ms left`, onSale, timeoutMs);
}

export const key = () => crypto.randomUUID();

/** A valid 3-unit CAB01 body (three 1-star picks). */
export const threeUnits = (issue: string, extra: Record<string, unknown> = {}) => ({
  productCode: 'CAB01',
  issue,
  multiplier: 1,
  plays: [
    { type: 'pick', stars: 1, numbers: [1] },
    { type: 'pick', stars: 1, numbers: [2] },
    { type: 'pick', stars: 1, numbers: [3] },
  ],
  ...extra,
});
