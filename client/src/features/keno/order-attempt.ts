import type { KenoOrderBody } from '@gp/common';
import { canonicalJson } from '../../shared/orders/order-attempt.ts';

export { attemptFor, type OrderAttempt } from '../../shared/orders/order-attempt.ts';

/** A stable text of the body: the same ticket gives the same text whatever its key order or omitted defaults. */
export function bodyFingerprint(body: KenoOrderBody): string {
  const { trial = false, multiplier = 1 } = body;
  return canonicalJson({ ...body, trial, multiplier });
}
