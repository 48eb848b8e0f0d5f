import { useAtom } from 'jotai';
import { useCallback, useMemo } from 'react';
import { memberScopedAtom } from '../../shared/session/member-scoped-atom.ts';
import type { OrderAttempt } from './order-attempt.ts';
import { EMPTY_TICKET, withAutoMultiplier, type Ticket } from './ticket.ts';

/** Each product's ticket, kept while the member moves between pages and games (not past their session). */
export const ticketsAtom = memberScopedAtom<Readonly<Record<string, Ticket>>>({});

/** The order each product's screen follows after a purchase. */
export const followedOrdersAtom = memberScopedAtom<Readonly<Record<string, string>>>({});

/** The confirmed ticket not yet known to be bought, with its Idempotency-Key (see order-attempt.ts). */
export const orderAttemptAtom = memberScopedAtom<OrderAttempt | null>(null);

export type TicketUpdate = (change: (ticket: Ticket) => Ticket) => void;

/** What a product's new ticket starts from: its minimum and maximum multiplier, and whether it plays on trial points. */
export interface TicketStart {
  minimumUnits: number;
  maxMultiplier: number;
  /** A member with trial points and no real ones starts on trial points: their first ticket can be bought. */
  trial: boolean;
}

/**
 * One product's ticket and a way to change it. A ticket the member has not touched yet is the
 * start (`TicketStart`), so it follows what /api/me says until then; the multiplier follows the
 * plays until the member sets it (`withAutoMultiplier`).
 */
export function useTicket(code: string, start: TicketStart): [Ticket, TicketUpdate] {
  const [tickets, setTickets] = useAtom(ticketsAtom);
  const { minimumUnits, maxMultiplier, trial } = start;
  const fresh = useMemo(() => ({ ...EMPTY_TICKET, trial }), [trial]);
  const fit = useCallback((ticket: Ticket) => withAutoMultiplier(ticket, minimumUnits, maxMultiplier), [minimumUnits, maxMultiplier]);
  const update = useCallback<TicketUpdate>(
    (change) => setTickets((all) => ({ ...all, [code]: fit(change(all[code] ?? fresh)) })),
    [code, setTickets, fit, fresh],
  );
  return [fit(tickets[code] ?? fresh), update];
}
