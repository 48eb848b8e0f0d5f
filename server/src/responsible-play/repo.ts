import { sql } from 'kysely';
import type { LimitKind, LimitPeriod } from '@gp/common';
import type { Executor } from '../db/database.ts';

/** The deposit states that count towards a deposit limit: paid, and still open (they may yet be paid). */
const COUNTED_DEPOSITS = ['created', 'pending', 'paid', 'held'] as const;

export type UsageWindows = Record<LimitPeriod, Date>;
export type Usage = Record<LimitPeriod, { used: number; first: Date | null }>;

const STATE_COLUMNS = ['user_id', 'time_out_until', 'exclusion_started_at', 'exclusion_until', 'return_requested_at', 'returned_at'] as const;

/** Sums by rolling window of `rows` (a derived table of `amount`, `at`), in one row. */
const windowed = (rows: ReturnType<typeof sql>, windows: UsageWindows) => sql<{
  day: number; week: number; month: number; day_first: Date | null; week_first: Date | null; month_first: Date | null;
}>`select
    coalesce(sum(amount) filter (where at >= ${windows.day}), 0)::bigint as day,
    coalesce(sum(amount) filter (where at >= ${windows.week}), 0)::bigint as week,
    coalesce(sum(amount), 0)::bigint as month,
    min(at) filter (where at >= ${windows.day} and amount > 0) as day_first,
    min(at) filter (where at >= ${windows.week} and amount > 0) as week_first,
    min(at) filter (where amount > 0) as month_first
  from (${rows}) counted`;

const asUsage = (row: { day: number; week: number; month: number; day_first: Date | null; week_first: Date | null; month_first: Date | null }): Usage => ({
  day: { used: Number(row.day), first: row.day_first },
  week: { used: Number(row.week), first: row.week_first },
  month: { used: Number(row.month), first: row.month_first },
});

export const playRepo = {
  state(db: Executor, userId: number) {
    return db.selectFrom('play_states').select(STATE_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  },

  /** The member's row, made if missing, locked until the transaction ends: charges checked against a limit run one at a time. */
  async lockState(db: Executor, userId: number, at: Date) {
    await db.insertInto('play_states').values({ user_id: userId, updated_at: at }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
    return db.selectFrom('play_states').select(STATE_COLUMNS).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  },

  /** The row locked if the member has one (members with neither limits nor breaks have none and need no lock). */
  lockExisting(db: Executor, userId: number) {
    return db.selectFrom('play_states').select(STATE_COLUMNS).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  },

  /**
   * What decides whether the member may place an order or deposit now, in one read: their break
   * or exclusion, their date of birth and age check, and whether any limit is set.
   */
  admission(db: Executor, userId: number) {
    return db
      .selectFrom('users')
      .leftJoin('play_states', 'play_states.user_id', 'users.id')
      .select([
        sql<string | null>`to_char(users.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
        'users.age_verified_at',
        'users.role',
        'play_states.time_out_until',
        'play_states.exclusion_started_at',
        'play_states.exclusion_until',
        'play_states.return_requested_at',
        'play_states.returned_at',
        sql<boolean>`exists (select 1 from play_limits l where l.user_id = users.id and l.amount is not null)`.as('has_limits'),
      ])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  },

  setTimeOut(db: Executor, userId: number, until: Date, at: Date) {
    return db.updateTable('play_states').set({ time_out_until: until, updated_at: at }).where('user_id', '=', userId).execute();
  },

  setExclusion(db: Executor, userId: number, startedAt: Date, until: Date, at: Date) {
    return db
      .updateTable('play_states')
      .set({ exclusion_started_at: startedAt, exclusion_until: until, return_requested_at: null, returned_at: null, updated_at: at })
      .where('user_id', '=', userId)
      .execute();
  },

  setReturn(db: Executor, userId: number, set: { return_requested_at?: Date; returned_at?: Date }, at: Date) {
    return db.updateTable('play_states').set({ ...set, updated_at: at }).where('user_id', '=', userId).execute();
  },

  recordBreak(db: Executor, row: { userId: number; kind: 'time_out' | 'self_exclusion' | 'return_requested' | 'returned'; period: string | null; startsAt: Date; endsAt: Date | null }) {
    return db.insertInto('play_breaks').values({ user_id: row.userId, kind: row.kind, period: row.period, starts_at: row.startsAt, ends_at: row.endsAt }).execute();
  },

  breaks(db: Executor, userId: number, limit = 50) {
    return db.selectFrom('play_breaks').select(['kind', 'period', 'starts_at', 'ends_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  },

  limits(db: Executor, userId: number) {
    return db
      .selectFrom('play_limits')
      .select(['kind', 'period', 'amount', 'pending', 'pending_amount', 'pending_requested_at', 'pending_effective_at'])
      .where('user_id', '=', userId)
      .execute();
  },

  upsertLimit(
    db: Executor,
    row: { userId: number; kind: LimitKind; period: LimitPeriod; amount: number | null; pending: boolean; pendingAmount: number | null; requestedAt: Date | null; effectiveAt: Date | null },
    at: Date,
  ) {
    const values = { amount: row.amount, pending: row.pending, pending_amount: row.pendingAmount, pending_requested_at: row.requestedAt, pending_effective_at: row.effectiveAt, updated_at: at };
    return db
      .insertInto('play_limits')
      .values({ user_id: row.userId, kind: row.kind, period: row.period, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doUpdateSet(values))
      .execute();
  },

  recordLimitChange(
    db: Executor,
    row: { userId: number; kind: LimitKind; period: LimitPeriod; oldAmount: number | null; newAmount: number | null; change: 'lowered' | 'requested' | 'confirmed' | 'cancelled'; requestedAt: Date; effectiveAt: Date },
  ) {
    return db
      .insertInto('play_limit_changes')
      .values({ user_id: row.userId, kind: row.kind, period: row.period, old_amount: row.oldAmount, new_amount: row.newAmount, change: row.change, requested_at: row.requestedAt, effective_at: row.effectiveAt })
      .execute();
  },

  /** Gross deposits in each window: deposits started (paid or still open) and PINs redeemed, by the platform's clock. */
  async deposits(db: Executor, userId: number, windows: UsageWindows): Promise<Usage> {
    const rows = sql`
      select points as amount, created_at as at from deposits
        where user_id = ${userId} and created_at >= ${windows.month} and state in (${sql.join(COUNTED_DEPOSITS.map((s) => sql`${s}`))})
      union all
      select points as amount, redeemed_at as at from pins
        where redeemed_by = ${userId} and redeemed_at >= ${windows.month}`;
    const { rows: [row] } = await windowed(rows, windows).execute(db);
    return asUsage(row!);
  },

  /** Real-point stakes in each window: orders placed, less those refunded whole (timed out: status 9). */
  async stakes(db: Executor, userId: number, windows: UsageWindows): Promise<Usage> {
    const rows = sql`
      select points_spent as amount, created_at as at from orders
        where user_id = ${userId} and created_at >= ${windows.month} and trial = false and status <> 9`;
    const { rows: [row] } = await windowed(rows, windows).execute(db);
    return asUsage(row!);
  },

  /** Losses in each window: stakes placed in it less prizes credited in it (real points). */
  async losses(db: Executor, userId: number, windows: UsageWindows): Promise<Usage> {
    const rows = sql`
      select points_spent as amount, created_at as at from orders
        where user_id = ${userId} and created_at >= ${windows.month} and trial = false and status <> 9
      union all
      select -prize as amount, settled_at as at from orders
        where user_id = ${userId} and settled_at >= ${windows.month} and trial = false and prize > 0`;
    const { rows: [row] } = await windowed(rows, windows).execute(db);
    return asUsage(row!);
  },

  /** Every deposit and PIN ever counted (the cap on members whose age is not verified). */
  async lifetimeDeposits(db: Executor, userId: number) {
    const { rows: [row] } = await sql<{ total: number }>`
      select coalesce((select sum(points) from deposits where user_id = ${userId} and state in (${sql.join(COUNTED_DEPOSITS.map((s) => sql`${s}`))})), 0)
           + coalesce((select sum(points) from pins where redeemed_by = ${userId}), 0) as total`.execute(db);
    return Number(row!.total);
  },

  /** Self-exclusion withdraws marketing consent (GC: remove from marketing databases). */
  stopMarketing(db: Executor, userId: number) {
    return db.updateTable('users').set({ promo_opt_in: false }).where('id', '=', userId).execute();
  },

  birthDate(db: Executor, userId: number) {
    return db.selectFrom('users').select([sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth_date'), 'age_verified_at']).where('id', '=', userId).executeTakeFirst();
  },

  /** Sets the date of birth only where none is set yet (once); true when it was set. */
  async setBirthDateOnce(db: Executor, userId: number, birthDate: string) {
    const result = await db.updateTable('users').set({ birth_date: sql`${birthDate}::date` }).where('id', '=', userId).where('birth_date', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
