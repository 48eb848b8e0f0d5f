import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Id } from '../platform/ids.ts';
import type * as Schema from './schema.generated.ts';

/**
 * The database as the code sees it: the tables generated from the migrated schema
 * (./schema.generated.ts, `npm run db:types`), with the columns the code types more narrowly than
 * PostgreSQL can say replaced here. Only those overrides are written by hand:
 *
 * - ids and references (int8): `Id` (platform/ids.ts), a number, as pg returns them at run time
 *   (database.ts parses every int8 as a number) and as schema.generated.ts says. Every server module
 *   uses the number: repositories, services, queue job data (`QueueMap`), job effects in the outbox.
 *   Ids become text only at the edges: presenters write them into API answers and socket payloads
 *   as decimal strings (API.md, common's wire types; the bus carries those socket payloads as they
 *   will be sent), routes read them from the outside with `idParam`/`readId`, and columns that hold
 *   a reference to rows of several tables (`ledger.ref_id`, `audit_log.target_id`) are text.
 * - text columns with a CHECK list and smallint status codes: their unions.
 * - jsonb columns: `unknown` or the shape the code reads (codegen's `Json` does not cast to the
 *   common types), and JSON text (`JSON.stringify`) on write where the code must send text (pg would
 *   send a JS array as a PostgreSQL array, not JSON).
 * - a few columns with a database default that every insert states anyway (required on insert).
 */
type Override<Table, Columns extends { [K in keyof Columns]: K extends keyof Table ? unknown : never }> = Omit<Table, keyof Columns> & Columns;

/** Nullable jsonb the code writes as JSON text (optional on insert) and reads as `unknown`. */
type NullableJsonText = ColumnType<unknown, string | null | undefined, string | null>;

/** `role`, `locale` and `promo_opt_in` have database defaults, but an insert (`NewUser`) states them. */
export type UsersTable = Override<Schema.Users, { id: Generated<Id>; role: 'member' | 'operator' | 'supervisor'; locale: string; promo_opt_in: boolean; birth_date: ColumnType<string | null, string | null | undefined, string | null> }>;

export type SessionsTable = Override<Schema.Sessions, { user_id: Id }>;

export type WalletsTable = Override<Schema.Wallets, { user_id: Id }>;

export type LedgerTable = Override<
  Schema.Ledger,
  { id: Generated<Id>; user_id: Id; account: 'real' | 'trial'; kind: 'deposit' | 'pin' | 'order' | 'refund' | 'prize' | 'adjustment' | 'withdrawal' }
>;

export type PinBatchesTable = Override<Schema.PinBatches, { id: Generated<Id>; created_by: Id | null; exported_by: Id | null; voided_by: Id | null; approved_by: Id | null; approval: Generated<'not_needed' | 'pending' | 'approved'> }>;

export type PinsTable = Override<Schema.Pins, { id: Generated<Id>; batch_id: Id; redeemed_by: Id | null }>;

export type IdempotencyKeysTable = Override<Schema.IdempotencyKeys, { user_id: Id; response_body: unknown }>;

export type AdjustmentsTable = Override<
  Schema.Adjustments,
  { id: Generated<Id>; user_id: Id; operator_id: Id | null; account: 'real' | 'trial'; status: Generated<'queued' | 'applied' | 'refused' | 'pending_approval' | 'rejected'>; decided_by: Id | null }
>;

export type KycState = 'pending' | 'approved' | 'rejected' | 'more_needed';
export type KycSubmissionsTable = Override<Schema.KycSubmissions, { id: Generated<Id>; user_id: Id; reviewed_by: Id | null; state: Generated<KycState> }>;

export type WithdrawalState = 'requested' | 'approved' | 'paid' | 'rejected' | 'cancelled' | 'returned';
export type WithdrawalsTable = Override<
  Schema.Withdrawals,
  {
    id: Generated<Id>;
    user_id: Id;
    kyc_id: Id;
    method: 'bank_transfer' | 'stripe_refund';
    deposit_id: Id | null;
    state: Generated<WithdrawalState>;
    first_approved_by: Id | null;
    approved_by: Id | null;
    paid_by: Id | null;
    closed_by: Id | null;
    batch_id: Id | null;
    aml_flags: NullableJsonText;
    aml_acknowledged_by: Id | null;
    return_first_by: Id | null;
  }
>;

/** A recorded bank-transfer batch (migration 0033): `file` is the export's bytes, kept for re-downloads. */
export type WithdrawalBatchesTable = Override<Schema.WithdrawalBatches, { id: Generated<Id>; created_by: Id; paid_by: Id | null }>;

export type ClaimStep = 'win_confirmed' | 'documents_requested' | 'documents_received' | 'ticket_presented' | 'prize_received' | 'credited';
export type ClaimsTable = Override<Schema.Claims, { id: Generated<Id>; order_id: Id; user_id: Id; step: Generated<ClaimStep> }>;
export type ClaimStepsTable = Override<Schema.ClaimSteps, { claim_id: Id; step: ClaimStep; by: Id | null }>;
/** A file the member sent for their claim (migration 0036); deleted on the identity files' schedule after closure. */
export type ClaimDocumentsTable = Override<Schema.ClaimDocuments, { id: Generated<Id>; claim_id: Id; user_id: Id }>;

/** `seed` is secret until the draw: never presented while `status` is `scheduled`. */
export type DrawsTable = Override<
  Schema.Draws,
  { id: Generated<Id>; status: Generated<'scheduled' | 'drawn' | 'void'>; result: unknown; result_source: ResultSourceKind | null }
>;

/** Who published a draw's result: the seeded simulation, two staff members (four eyes), or the result feeds (migration 0027). */
export type ResultSourceKind = 'simulated' | 'manual' | 'feeds';

export type OrderStatus = 0 | 1 | 2 | 8 | 9;

export type OrdersTable = Override<
  Schema.Orders,
  {
    id: Generated<Id>;
    user_id: Id;
    /** The keno draw; null for football orders (their events are in `order_legs`). */
    draw_id: Id | null;
    status: OrderStatus;
    /** Defaults to false in the database; stated on every insert, as it decides which balance pays. */
    trial: boolean;
    plays: unknown;
    stake: unknown;
    draw_result: NullableJsonText;
    /** Football: the handling fee `{ amount, currency }`; null for keno (no fee). */
    fee: NullableJsonText;
    /** Draw lotteries: the draw this order plays (`lottery_draws`); null for keno and football. */
    lottery_draw_id: Id | null;
    /** Draw lotteries: why a drawn order is not settled yet (migration 0010). */
    hold: 'pending_amount' | 'large_win' | null;
    /** Why a refunded order was refunded (migration 0030). */
    refund_cause: 'purchase_failed' | 'sales_closed' | null;
  }
>;

/** Draw lotteries (migration 0010): `seed` is secret until drawn, as for keno's `draws`. */
export type LotteryDrawsTable = Override<
  Schema.LotteryDraws,
  {
    id: Generated<Id>;
    status: Generated<'scheduled' | 'drawn' | 'void'>;
    result: NullableJsonText;
    result_source: ResultSourceKind | null;
    jackpot_source: 'base' | 'operator' | 'simulated' | 'feed' | null;
  }
>;
/** Result feeds (migration 0027): readings, fetches and conflicts of keno and draw-lottery draws. */
export type FeedTargetType = 'keno_draw' | 'lottery_draw';
export type ResultFeedReadingsTable = Override<Schema.ResultFeedReadings, { id: Generated<Id>; target_type: FeedTargetType; target_id: Id; result: ColumnType<unknown, string, string>; divisions: NullableJsonText }>;
export type ResultFeedFetchesTable = Override<Schema.ResultFeedFetches, { last_answer: 'reading' | 'not_yet' | 'down' }>;
export type ResultFeedConflictsTable = Override<
  Schema.ResultFeedConflicts,
  { id: Generated<Id>; target_type: FeedTargetType; target_id: Id; kind: 'after_publication' | 'sources_disagree'; published: NullableJsonText; reading: ColumnType<unknown, string, string>; resolved_by: Id | null }
>;
export type LotteryDrawDivisionsTable = Override<Schema.LotteryDrawDivisions, { draw_id: Id }>;
export type LotteryLargeWinsTable = Override<Schema.LotteryLargeWins, { order_id: Id; stage: 'fixed' | 'pool'; prize: ColumnType<unknown, string, string>; released_by: Id | null }>;

export type FootballEventStatus = 'scheduled' | 'closed' | 'resulted' | 'postponed' | 'abandoned' | 'void' | 'cancelled';
export type FootballSourceKind = 'simulated' | 'hkjc';

export type FootballEventsTable = Override<
  Schema.FootballEvents,
  {
    id: Generated<Id>;
    /** With `external_id` (the source's own id: HKJC's 8-digit match id, or the simulated fixture id). */
    source: FootballSourceKind;
    status: Generated<FootballEventStatus>;
    /** FGS selections: `[{ code: '101', name, team: 'H' | 'A' }]`. */
    players: ColumnType<unknown, string | undefined, string>;
    /** Simulated events: the scoring model (team strengths) the odds and the result come from. */
    model: NullableJsonText;
    /** A common `MatchResult`; null until resulted. Secret `seed` until then too (simulated results). */
    result: NullableJsonText;
    result_source: 'simulated' | 'manual' | 'hkjc' | null;
  }
>;

export type FootballMarketStatus = 'open' | 'suspended' | 'closed';

/** `{ "<selection key>": <odds in thousandths> }`. */
type Odds = ColumnType<Record<string, number>, string, string>;

/** `line` is `''` for markets without a line. */
export type FootballMarketsTable = Override<Schema.FootballMarkets, { id: Generated<Id>; event_id: Id; status: Generated<FootballMarketStatus>; odds: Odds }>;

export type FootballOddsHistoryTable = Override<Schema.FootballOddsHistory, { id: Generated<Id>; market_id: Id; odds: Odds }>;

export type OrderLegsTable = Override<Schema.OrderLegs, { order_id: Id; event_id: Id }>;

export type OrderStatusHistoryTable = Override<Schema.OrderStatusHistory, { id: Generated<Id>; order_id: Id; from: OrderStatus | null; to: OrderStatus }>;

/** One row: this database's identity (migration 0008). */
export type PlatformIdentityTable = Schema.PlatformIdentity;

export type OutboxTable = Override<Schema.Outbox, { id: Generated<Id>; effects: ColumnType<unknown, string, string> }>;

export type SchedulerHeartbeatsTable = Schema.SchedulerHeartbeats;

export type OrderFlagKind = 'bought_after_refund' | 'purchase_in_doubt';

export type OrderFlagsTable = Override<
  Schema.OrderFlags,
  { id: Generated<Id>; order_id: Id; kind: OrderFlagKind; detail: ColumnType<Record<string, unknown>, string | undefined, string> }
>;

export type SimulatedOperatorTicketsTable = Schema.SimulatedOperatorTickets;

export type DepositState = 'created' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'held';

/** Deposits (migration 0012, payments/): `payment` and `problem` are written as JSON text. */
export type DepositsTable = Override<
  Schema.Deposits,
  { id: Generated<Id>; user_id: Id; provider: 'stripe' | 'ecpay' | 'jko'; state: Generated<DepositState>; payment: NullableJsonText; problem: NullableJsonText }
>;

export type DepositNotificationsTable = Override<Schema.DepositNotifications, { id: Generated<Id>; deposit_id: Id | null; body: ColumnType<unknown, string, string> }>;

export type WalletDebtsTable = Override<Schema.WalletDebts, { id: Generated<Id>; user_id: Id }>;

/** Back office (migration 0011, staff/ and admin/). */
export type StaffTotpTable = Override<Schema.StaffTotp, { user_id: Id }>;
export type StaffRecoveryCodesTable = Override<Schema.StaffRecoveryCodes, { id: Generated<Id>; user_id: Id }>;
/** Issue 28 (migration 0020): single-use enrolment links. */
export type StaffEnrolmentLinksTable = Override<Schema.StaffEnrolmentLinks, { id: Generated<Id>; user_id: Id; issued_by: Id | null }>;
export type AuditLogTable = Override<
  Schema.AuditLog,
  { id: Generated<Id>; actor_id: Id | null; before: ColumnType<unknown, string | null | undefined, never>; after: ColumnType<unknown, string | null | undefined, never> }
>;
export type QueueClaimsTable = Override<Schema.QueueClaims, { claimed_by: Id }>;
export type TicketScansTable = Override<Schema.TicketScans, { order_id: Id; uploaded_by: Id | null }>;
export type ResultEntriesTable = Override<
  Schema.ResultEntries,
  { id: Generated<Id>; staff_id: Id; target_type: 'keno_draw' | 'football_event' | 'lottery_draw' | 'lottery_prizes' | 'lottery_jackpot'; payload: ColumnType<unknown, string, string> }
>;
export type StaffSavedViewsTable = Override<Schema.StaffSavedViews, { id: Generated<Id>; staff_id: Id; filters: ColumnType<unknown, string, string> }>;

/**
 * Issue 31 (migration 0023): a reconciled day is a `date` in REPORT_TIME_ZONE, written and read as
 * `YYYY-MM-DD` text (the repo selects `date::text`: pg would read a date as a local-midnight Date).
 */
type Day = ColumnType<string, string, string>;
export type ReconciliationRunsTable = Override<Schema.ReconciliationRuns, { date: Day; figures: ColumnType<unknown, string, string> }>;
export type ReconciliationMismatchesTable = Override<Schema.ReconciliationMismatches, { id: Generated<Id>; date: Day; detail: ColumnType<unknown, string | undefined, string> }>;

/** Issue 32 (responsible play): the member's limits, breaks and their history (migrations/0025). */
export type PlayLimitKind = 'deposit' | 'spend' | 'loss';
export type PlayLimitPeriod = 'day' | 'week' | 'month';
export type PlayStatesTable = Override<Schema.PlayStates, { user_id: Id }>;
export type PlayLimitsTable = Override<Schema.PlayLimits, { user_id: Id; kind: PlayLimitKind; period: PlayLimitPeriod }>;
export type PlayLimitChangesTable = Override<
  Schema.PlayLimitChanges,
  { id: Generated<Id>; user_id: Id; staff_id: Id | null; kind: PlayLimitKind; period: PlayLimitPeriod; change: 'lowered' | 'requested' | 'confirmed' | 'cancelled' | 'staff_lowered' }
>;
export type PlayBreaksTable = Override<Schema.PlayBreaks, { id: Generated<Id>; user_id: Id; kind: 'time_out' | 'self_exclusion' | 'return_requested' | 'returned' }>;

/** Every table; one a migration adds appears here as generated until it needs an override. */
export type Database = Override<
  Schema.DB,
  {
    platform_identity: PlatformIdentityTable;
    deposits: DepositsTable;
    deposit_notifications: DepositNotificationsTable;
    wallet_debts: WalletDebtsTable;
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
    kyc_submissions: KycSubmissionsTable;
    withdrawals: WithdrawalsTable;
    withdrawal_batches: WithdrawalBatchesTable;
    claims: ClaimsTable;
    claim_steps: ClaimStepsTable;
    claim_documents: ClaimDocumentsTable;
    users: UsersTable;
    sessions: SessionsTable;
    wallets: WalletsTable;
    ledger: LedgerTable;
    pin_batches: PinBatchesTable;
    pins: PinsTable;
    idempotency_keys: IdempotencyKeysTable;
    staff_totp: StaffTotpTable;
    staff_recovery_codes: StaffRecoveryCodesTable;
    staff_enrolment_links: StaffEnrolmentLinksTable;
    audit_log: AuditLogTable;
    queue_claims: QueueClaimsTable;
    ticket_scans: TicketScansTable;
    result_entries: ResultEntriesTable;
    staff_saved_views: StaffSavedViewsTable;
    lottery_draws: LotteryDrawsTable;
    lottery_draw_divisions: LotteryDrawDivisionsTable;
    lottery_large_wins: LotteryLargeWinsTable;
    result_feed_readings: ResultFeedReadingsTable;
    result_feed_fetches: ResultFeedFetchesTable;
    result_feed_conflicts: ResultFeedConflictsTable;
    reconciliation_runs: ReconciliationRunsTable;
    reconciliation_mismatches: ReconciliationMismatchesTable;
    pending_signups: Override<Schema.PendingSignups, { birth_date: ColumnType<string | null, string | null | undefined, string | null> }>;
    play_states: PlayStatesTable;
    play_limits: PlayLimitsTable;
    play_limit_changes: PlayLimitChangesTable;
    play_breaks: PlayBreaksTable;
  }
>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type LedgerRow = Selectable<LedgerTable>;
export type DrawRow = Selectable<DrawsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type LotteryDrawRow = Selectable<LotteryDrawsTable>;
export type FootballEventRow = Selectable<FootballEventsTable>;
export type FootballMarketRow = Selectable<FootballMarketsTable>;

