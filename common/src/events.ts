import type { ClockEventPayload, DrawEventPayload } from './schemas/keno.ts';
import type { JackpotEventPayload, LotteryDrawEventPayload } from './schemas/draw.ts';
import type { BalancePayload } from './schemas/wallet.ts';
import type { OddsEventPayload } from './schemas/football.ts';
import type { ErrorCode } from './errors.ts';
import type { OrderRefundCause } from './schemas/orders.ts';
import { FOOTBALL_PRODUCT_CODE } from './football/product.ts';

/** Public channels a socket may subscribe to (API.md). */
export const CHANNEL_PATTERN = new RegExp(`^(clock|draws):[A-Z]{3}\\d{2}$|^odds:${FOOTBALL_PRODUCT_CODE}(:[\\w-]+)?$`);

export type Ack = { ok: true } | { ok: false; error: { code: ErrorCode; message: string } };

export interface OrderEventPayload {
  id: string;
  status: number;
  prevStatus: number | null;
  updatedAt: string;
  prize?: number;
  /** A draw-lottery win above the large-win line: `held` for the back office's review, then `released` (credited). */
  review?: 'held' | 'released';
  /** A refund (→ 9): why, the worker's words if a worker failed the purchase, and the points given back. */
  refund?: { cause: OrderRefundCause; reason: string | null; points: number };
}

/** A deposit reached a final state (to its member): the wallet page re-reads it; the inbox records it. */
export interface DepositEventPayload {
  id: string;
  /** `held`: the provider reported another amount or currency; the back office decides (no inbox message). */
  state: 'paid' | 'failed' | 'expired' | 'held';
  points: number;
}

export interface ServerToClientEvents {
  balance: (payload: BalancePayload) => void;
  order: (payload: OrderEventPayload) => void;
  clock: (payload: ClockEventPayload) => void;
  draw: (payload: DrawEventPayload) => void;
  /** Draw lotteries, on `draws:<code>`: a result or pool amounts were published (re-fetch the draw). */
  lotteryDraw: (payload: LotteryDrawEventPayload) => void;
  /** Draw lotteries, on `draws:<code>`: a draw's jackpot changed. */
  jackpot: (payload: JackpotEventPayload) => void;
  odds: (payload: OddsEventPayload) => void;
  /** The member's inbox changed (a new message): its unread count, for the header badge. */
  inbox: (payload: { unread: number }) => void;
  /** A notice from the back office, to every signed-in socket (room `members`): re-read the unread count. */
  notice: (payload: { at: string }) => void;
  /** One of the member's deposits was credited or failed. */
  deposit: (payload: DepositEventPayload) => void;
  /** A customer-service conversation got a message: to the member's room, and to staff sockets. */
  support: (payload: { threadId: string; author: 'member' | 'staff'; at: string }) => void;
  /** Back office (staff sockets only): the order queue changed; the console re-reads it. */
  queue_changed: (payload: { at: string; reason: string }) => void;
}

export interface ClientToServerEvents {
  subscribe: (payload: { channel: string }, ack: (result: Ack) => void) => void;
  unsubscribe: (payload: { channel: string }, ack: (result: Ack) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;

/** The private room of one member: only their sockets join it (the server passes its numeric id, the name is the same). */
export const userRoom = (userId: string | number) => `user:${userId}`;

/** The room of one login session: logout ends exactly the sockets opened with that token. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
