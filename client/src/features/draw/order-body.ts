import type { DrawOrderBody, DrawProduct, DrawTicketRequest } from '@gp/common';
import { canonicalJson } from '../../shared/orders/order-attempt.ts';

/**
 * The order body (`drawOrderBody`) of a ticket for `draws` consecutive draws from `issue`:
 * common's entries become the body's `lines`. Fields the product does not take are left out.
 */
export function orderBody(product: DrawProduct, request: DrawTicketRequest, issue: string, draws: number): DrawOrderBody {
  const body: DrawOrderBody = {
    productCode: product.code,
    issue,
    draws,
    lines: request.entries.map((entry) => ({ zones: entry.zones, ...(entry.bankers ? { bankers: entry.bankers } : {}) })),
  };
  if (request.system) body.system = true;
  if (request.play === '2' || request.play === '3' || request.play === '4') body.play = request.play;
  if (request.addOns?.length) body.addOns = request.addOns;
  if (request.partialUnit) body.partialUnit = true;
  return body;
}

/** A stable text of the body: the same ticket gives the same text (and so the same Idempotency-Key on a retry). */
export const bodyFingerprint = (body: DrawOrderBody) => canonicalJson({ trial: false, system: false, partialUnit: false, addOns: [], draws: 1, ...body });
