import type { MatchResult } from './settle-leg.ts';

/**
 * The facts of the football product that the server, the client and the wire share: its code,
 * which event statuses are final, and its public odds channels. One copy, here.
 */

/** HKJC football: the product code of its orders (API.md "Orders") and of its `odds:` channels. */
export const FOOTBALL_PRODUCT_CODE = 'HKS01';
export type FootballProductCode = typeof FOOTBALL_PRODUCT_CODE;

/**
 * Why a match is void (reference §4): postponed, abandoned, void, cancelled. Its bets are
 * refunded (singles) or count at odds 1 (all-up legs).
 */
export const VOID_EVENT_STATUSES = ['postponed', 'abandoned', 'void', 'cancelled'] as const;
export type VoidEventStatus = (typeof VOID_EVENT_STATUSES)[number];

/** The statuses an event never leaves, on which its bets settle: resulted, or one of the void ones. */
export const FINAL_EVENT_STATUSES = ['resulted', ...VOID_EVENT_STATUSES] as const;
export type FinalEventStatus = (typeof FINAL_EVENT_STATUSES)[number];

export const isVoidEventStatus = (status: string): status is VoidEventStatus => (VOID_EVENT_STATUSES as readonly string[]).includes(status);
export const isFinalEventStatus = (status: string): status is FinalEventStatus => (FINAL_EVENT_STATUSES as readonly string[]).includes(status);

/** Whether `id` can name a football event: ids are bigint identities; anything else names none (and must not reach a bigint cast). */
export const isFootballEventId = (id: string): boolean => /^[1-9]\d{0,17}$/.test(id);

/**
 * The result an event's bets settle on, or `null` while it is not final: a resulted event's stored
 * result; a void one's stored result if any (an abandoned match may keep its first half), else
 * `{ status: <reason> }`. Example: a postponed event without a result → `{ status: 'postponed' }`.
 */
export function finalResultOf(event: { status: string; result: unknown }): MatchResult | null {
  const stored = (event.result as MatchResult | null | undefined) ?? null;
  if (event.status === 'resulted') return stored;
  if (isVoidEventStatus(event.status)) return stored ?? { status: event.status };
  return null;
}

/**
 * The public odds channel: every event's price changes (`odds:HKS01`), or one event's
 * (`odds:HKS01:<eventId>`). Example: `oddsChannel('42')` → `'odds:HKS01:42'`.
 */
export const oddsChannel = (eventId?: string | number): string => (eventId === undefined ? `odds:${FOOTBALL_PRODUCT_CODE}` : `odds:${FOOTBALL_PRODUCT_CODE}:${eventId}`);
