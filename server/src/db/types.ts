import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (`now()`): optional on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  password_hash: string;
  role: 'member' | 'operator';
  locale: string;
  promo_opt_in: boolean;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface WalletsTable {
  user_id: string;
  balance: Generated<number>;
  trial_balance: Generated<number>;
  updated_at: CreatedAt;
}

export interface LedgerTable {
  id: Generated<string>;
  user_id: string;
  account: 'real' | 'trial';
  kind: 'deposit' | 'pin' | 'order' | 'refund' | 'prize' | 'adjustment';
  amount: number;
  balance_after: number;
  ref_type: string;
  ref_id: string;
  created_at: CreatedAt;
}

export interface PinBatchesTable {
  id: Generated<string>;
  count: number;
  points: number;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface PinsTable {
  id: Generated<string>;
  batch_id: string;
  code_hash: string;
  points: number;
  redeemed_by: string | null;
  redeemed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  scope: string;
  request_hash: string;
  status_code: number;
  response_body: unknown;
  created_at: CreatedAt;
}

export interface AdjustmentsTable {
  id: Generated<string>;
  user_id: string;
  operator_id: string | null;
  account: 'real' | 'trial';
  amount: number;
  reason: string;
  status: Generated<'queued' | 'applied' | 'refused'>;
  created_at: CreatedAt;
  settled_at: Timestamp | null;
}

export interface DrawsTable {
  id: Generated<string>;
  product_code: string;
  issue: string;
  sales_open_at: Timestamp;
  sales_close_at: Timestamp;
  draw_at: Timestamp;
  status: Generated<'scheduled' | 'drawn' | 'void'>;
  seed_hash: string;
  /** Secret until the draw: never presented while `status` is `scheduled`. */
  seed: string | null;
  result: unknown;
  result_source: 'simulated' | 'manual' | null;
  drawn_at: Timestamp | null;
  created_at: CreatedAt;
}

export type OrderStatus = 0 | 1 | 2 | 8 | 9;

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  product_code: string;
  issue: string;
  /** The keno draw; null for football orders (their events are in `order_legs`). */
  draw_id: string | null;
  status: OrderStatus;
  trial: boolean;
  multiplier: number;
  plays: unknown;
  units: number;
  points_spent: number;
  stake: unknown;
  ticket_ref: string | null;
  sales_close_at: Timestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  purchased_at: Timestamp | null;
  prize: number | null;
  settled_at: Timestamp | null;
  draw_result: ColumnType<unknown, string | null | undefined, string | null>;
  /** Football: the handling fee `{ amount, currency }`; null for keno (no fee). */
  fee: ColumnType<unknown, string | null | undefined, string | null>;
}

export type FootballEventStatus = 'scheduled' | 'closed' | 'resulted' | 'postponed' | 'abandoned' | 'void' | 'cancelled';
export type FootballSourceKind = 'simulated' | 'hkjc';

export interface FootballEventsTable {
  id: Generated<string>;
  source: FootballSourceKind;
  /** The source's own id (HKJC's 8-digit match id, or the simulated fixture id). */
  external_id: string;
  /** HKJC's public code `FB` + 4 digits. */
  code: string;
  tournament: string;
  tournament_code: string;
  home_team: string;
  away_team: string;
  kick_off_at: Timestamp;
  sales_close_at: Timestamp;
  status: Generated<FootballEventStatus>;
  /** FGS selections: `[{ code: '101', name, team: 'H' | 'A' }]`. */
  players: ColumnType<unknown, string | undefined, string>;
  /** Simulated events: the scoring model (team strengths) the odds and the result come from. */
  model: ColumnType<unknown, string | null | undefined, string | null>;
  seed_hash: string | null;
  /** Secret until the result is published (simulated results). */
  seed: string | null;
  /** A common `MatchResult`; null until resulted. */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  result_source: 'simulated' | 'manual' | 'hkjc' | null;
  resulted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type FootballMarketStatus = 'open' | 'suspended' | 'closed';

export interface FootballMarketsTable {
  id: Generated<string>;
  event_id: string;
  market: string;
  /** `''` for markets without a line. */
  line: Generated<string>;
  main: Generated<boolean>;
  status: Generated<FootballMarketStatus>;
  /** `{ "<selection key>": <odds in thousandths> }`. */
  odds: ColumnType<Record<string, number>, string, string>;
  updated_at: CreatedAt;
}

export interface FootballOddsHistoryTable {
  id: Generated<string>;
  market_id: string;
  odds: ColumnType<Record<string, number>, string, string>;
  at: Timestamp;
}

export interface OrderLegsTable {
  order_id: string;
  event_id: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<string>;
  order_id: string;
  from: OrderStatus | null;
  to: OrderStatus;
  at: CreatedAt;
  reason: string;
}

/** One row: this database's identity (migration 0008). */
export interface PlatformIdentityTable {
  singleton: Generated<boolean>;
  id: Generated<string>;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<string>;
  effects: ColumnType<unknown, string, string>;
  attempts: Generated<number>;
  available_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface SchedulerHeartbeatsTable {
  id: string;
  every_ms: number;
  registered_at: CreatedAt;
  last_tick_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type OrderFlagKind = 'bought_after_refund' | 'purchase_in_doubt';

export interface OrderFlagsTable {
  id: Generated<string>;
  order_id: string;
  kind: OrderFlagKind;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SimulatedOperatorTicketsTable {
  purchase_ref: string;
  ticket_ref: string;
  product_code: string;
  issue: string;
  sold_at: ColumnType<Date, Date | string, Date | string>;
}

export interface Database {
  platform_identity: PlatformIdentityTable;
  outbox: OutboxTable;
  scheduler_heartbeats: SchedulerHeartbeatsTable;
  order_flags: OrderFlagsTable;
  simulated_operator_tickets: SimulatedOperatorTicketsTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  draws: DrawsTable;
  football_events: FootballEventsTable;
  football_markets: FootballMarketsTable;
  football_odds_history: FootballOddsHistoryTable;
  order_legs: OrderLegsTable;
  adjustments: AdjustmentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  wallets: WalletsTable;
  ledger: LedgerTable;
  pin_batches: PinBatchesTable;
  pins: PinsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type DrawRow = Selectable<DrawsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type FootballEventRow = Selectable<FootballEventsTable>;
export type FootballMarketRow = Selectable<FootballMarketsTable>;
