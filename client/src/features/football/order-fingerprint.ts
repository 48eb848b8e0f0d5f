import type { FootballOrderBody } from '@gp/common';
import { canonicalJson } from '../../shared/orders/order-attempt.ts';

/**
 * A stable text of a football body: the same slip gives the same text whatever its key order, so
 * a retry of the same slip reuses its Idempotency-Key and the quote of the same slip is asked once.
 */
export function footballFingerprint(body: FootballOrderBody): string {
  return canonicalJson({ ...body, acceptBetterOdds: body.acceptBetterOdds ?? false });
}
