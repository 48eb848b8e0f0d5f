import { useAtom } from 'jotai';
import { useCallback } from 'react';
import type { OrderAttempt } from '../../shared/orders/order-attempt.ts';
import { memberScopedAtom } from '../../shared/session/member-scoped-atom.ts';
import { memberStoredAtom } from '../../shared/session/member-stored-atom.ts';
import type { EntryMode, PickerLine } from './picker.ts';

/**
 * A draw-lottery ticket being filled in: the lines (or the one system/banker entry), how they are
 * entered, the play (39樂合彩 二合/三合/四合), the partial unit (Mark Six), the number of
 * consecutive draws and the add-ons. It survives a trip to the checkout and back.
 */
export interface DrawTicket {
  mode: EntryMode;
  lines: readonly PickerLine[];
  /** The play of a product with several (39樂合彩 `2`/`3`/`4`); null for products with one. */
  play: string | null;
  partialUnit: boolean;
  draws: number;
  addOns: readonly string[];
}

export const EMPTY_DRAW_TICKET: DrawTicket = { mode: 'standard', lines: [], play: null, partialUnit: false, draws: 1, addOns: [] };

const ENTRY_MODES: readonly string[] = ['standard', 'system', 'banker'];
const isNumberLists = (value: unknown) => Array.isArray(value) && value.every((zone) => Array.isArray(zone) && zone.every((n) => Number.isSafeInteger(n)));
const isTicket = (value: unknown): value is DrawTicket => {
  const t = value as Partial<DrawTicket> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    ENTRY_MODES.includes(t.mode as string) &&
    Array.isArray(t.lines) &&
    t.lines.every((line) => isNumberLists(line?.numbers) && isNumberLists(line?.bankers)) &&
    (t.play === null || typeof t.play === 'string') &&
    typeof t.partialUnit === 'boolean' &&
    Number.isSafeInteger(t.draws) &&
    Array.isArray(t.addOns) &&
    t.addOns.every((a) => typeof a === 'string')
  );
};
const isTickets = (value: unknown): value is Readonly<Record<string, DrawTicket>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isTicket);

/**
 * Each product's ticket, kept while the member moves between pages and over a reload
 * (`draw.tickets.<member id>` in localStorage); another member on this device never sees it.
 */
export const drawTicketsAtom = memberStoredAtom<Readonly<Record<string, DrawTicket>>>('draw.tickets', {}, isTickets);

/** The confirmed checkout not yet known to be bought, with its Idempotency-Key. */
export const drawAttemptAtom = memberScopedAtom<OrderAttempt | null>(null);

/** The orders the last checkout placed (one per draw), for the result page. */
export const lastPurchaseAtom = memberScopedAtom<{ code: string; orderIds: readonly string[] } | null>(null);

export type DrawTicketUpdate = (change: (ticket: DrawTicket) => DrawTicket) => void;

/** One product's ticket and a way to change it. */
export function useDrawTicket(code: string): [DrawTicket, DrawTicketUpdate] {
  const [tickets, setTickets] = useAtom(drawTicketsAtom);
  const update = useCallback<DrawTicketUpdate>((change) => setTickets((all) => ({ ...all, [code]: change(all[code] ?? EMPTY_DRAW_TICKET) })), [code, setTickets]);
  return [tickets[code] ?? EMPTY_DRAW_TICKET, update];
}
