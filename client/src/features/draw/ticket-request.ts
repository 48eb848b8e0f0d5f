import type { DrawProduct, DrawTicketRequest } from '@gp/common';
import { isBlank } from './picker.ts';
import type { DrawTicket } from './ticket-atoms.ts';

/**
 * The ticket on screen as common's `DrawTicketRequest`: each line an entry (legs in `zones`,
 * bankers apart), blank lines left out, `system` set for a multiple entry, the play and options
 * only where the product has them. Null while nothing is picked.
 *
 * Example (Mark Six banker 2 + 5): `{ entries: [{ zones: [[10, 11, 12, 13, 14]], bankers: [[1, 2]] }] }`.
 */
export function ticketRequest(product: DrawProduct, ticket: DrawTicket): DrawTicketRequest | null {
  const lines = ticket.lines.filter((line) => !isBlank(line));
  if (lines.length === 0) return null;
  const banker = ticket.mode === 'banker';
  const request: DrawTicketRequest = {
    entries: lines.map((line) => ({
      zones: line.numbers.map((zone) => [...zone]),
      ...(banker && line.bankers.some((zone) => zone.length > 0) ? { bankers: line.bankers.map((zone) => [...zone]) } : {}),
    })),
  };
  if (ticket.mode === 'system') request.system = true;
  if (product.plays) request.play = ticket.play ?? product.plays[0]!.code;
  const addOns = ticket.addOns.filter((code) => product.addOns.some((a) => a.code === code));
  if (addOns.length > 0) request.addOns = addOns;
  if (product.partialUnit && ticket.partialUnit && ticket.mode !== 'standard') request.partialUnit = true;
  return request;
}
