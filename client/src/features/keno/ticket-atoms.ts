import { useAtom } from 'jotai';
import { useCallback } from 'react';
import { memberScopedAtom } from '../../shared/session/member-scoped-atom.ts';
import type { OrderAttempt } from './order-attempt.ts';
import { EMPTY_TICKET, type Ticket } from './ticket.ts';

/** Each product's ticket, kept while the member moves between pages and games (not past their session). */
export const ticketsAtom = memberScopedAtom<Readonly<Record<string, Ticket>>>({});

/** The order each product's screen follows after a purchase. */
export const followedOrdersAtom = memberScopedAtom<Readonly<Record<string, string>>>({});

/** The confirmed ticket not yet known to be bought, with its Idempotency-Key (see order-attempt.ts). */
export const orderAttemptAtom = memberScopedAtom<OrderAttempt | null>(null);

export type TicketUpdate = (change: (ticket: Ticket) => Ticket) => void;

/** One product's ticket and a way to change it. */
export function useTicket(code: string): [Ticket, TicketUpdate] {
  const [tickets, setTickets] = useAtom(ticketsAtom);
  const update = useCallback<TicketUpdate>(
    (change) => setTickets((all) => ({ ...all, [code]: change(all[code] ?? EMPTY_TICKET) })),
    [code, setTickets],
  );
  return [tickets[code] ?? EMPTY_TICKET, update];
}
