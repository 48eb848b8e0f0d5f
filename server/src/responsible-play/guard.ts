import { LIMIT_PERIOD_HOURS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@gp/common';
import type { Config } from '../config.ts';
import type { Executor, Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import { playRepo, type Usage, type UsageWindows } from './repo.ts';

type StateRow = { time_out_until: Date | string | null; exclusion_until: Date | string | null; exclusion_started_at: Date | string | null; returned_at: Date | string | null };

const time = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The windows of the three rolling periods ending at `at`. */
export function windowsAt(at: Date): UsageWindows {
  const start = (period: LimitPeriod) => new Date(at.getTime() - LIMIT_PERIOD_HOURS[period] * 3600_000);
  return { day: start('day'), week: start('week'), month: start('month') };
}

/** When a window's oldest counted amount leaves it: the earliest its total can fall. */
export const resetsAt = (usage: Usage, period: LimitPeriod) => {
  const first = usage[period].first;
  return first === null ? null : new Date(new Date(first).getTime() + LIMIT_PERIOD_HOURS[period] * 3600_000);
};

/**
 * Why the member is barred now, if they are: a self-exclusion running, or ended but not yet
 * returned from (the account stays closed until the member asks to return and confirms), or a
 * time-out running. Exclusion is named first: it is the stronger.
 */
export function barOf(row: StateRow | undefined | null, at: Date): AppError | undefined {
  if (!row) return undefined;
  const exclusionUntil = time(row.exclusion_until);
  const returnedAt = time(row.returned_at);
  if (exclusionUntil && !(returnedAt && returnedAt >= exclusionUntil)) {
    const ended = exclusionUntil <= at;
    return new AppError('self_excluded', { details: { until: exclusionUntil.toISOString(), ended } });
  }
  const timeOutUntil = time(row.time_out_until);
  if (timeOutUntil && timeOutUntil > at) return new AppError('timed_out', { details: { until: timeOutUntil.toISOString() } });
  return undefined;
}

/**
 * What the order pipeline, deposits and PIN redemption ask before they charge or credit anything
 * (issue 32): whether the member may play at all, and whether a limit holds them back. The limit
 * checks run inside the caller's transaction, with the member's `play_states` row locked, so a
 * member's charges are checked one at a time and 20 parallel requests never overshoot.
 */
export const playGuard = {
  /**
   * Refuses a member on a break (`timed_out`), self-excluded (`self_excluded`) or without a date of
   * birth (`birth_date_required`: a messaging-app sign-up not yet asked); `limited`: whether a
   * limit is set (the order pipeline then checks it inside a transaction).
   */
  async admit(db: Executor, userId: number, at: Date): Promise<{ limited: boolean; ageVerified: boolean }> {
    const row = await playRepo.admission(db, userId);
    if (!row) throw new AppError('unauthorized');
    const bar = barOf(row, at);
    if (bar) throw bar;
    if (row.role === 'member' && row.birth_date === null) throw new AppError('birth_date_required');
    return { limited: row.has_limits, ageVerified: row.age_verified_at !== null };
  },

  /**
   * After an order's debit, in its transaction: the member's spend and loss limits, counting the
   * order just placed (`amount`). Past any of them, `limit_reached` rolls the whole order back.
   * Members without a `play_states` row have no limits and take no lock.
   */
  async checkStakes(trx: Tx, userId: number, amount: number, at: Date): Promise<void> {
    if (!(await playRepo.lockExisting(trx, userId))) return;
    const limits = (await playRepo.limits(trx, userId)).filter((l) => l.amount !== null && l.kind !== 'deposit');
    if (limits.length === 0) return;
    const windows = windowsAt(at);
    const usage: Partial<Record<LimitKind, Usage>> = {};
    if (limits.some((l) => l.kind === 'spend')) usage.spend = await playRepo.stakes(trx, userId, windows);
    if (limits.some((l) => l.kind === 'loss')) usage.loss = await playRepo.losses(trx, userId, windows);
    refuseOver(limits, usage, amount);
  },

  /**
   * A deposit's points (`points`) against the member's deposit limits and, while their age is not
   * verified, AGE_UNVERIFIED_DEPOSIT_MAX_POINTS. `counted`: the deposit is already in the tables
   * (a PIN just redeemed in this transaction); otherwise it is about to be inserted.
   */
  async checkDeposit(trx: Tx, config: Pick<Config, 'AGE_UNVERIFIED_DEPOSIT_MAX_POINTS'>, userId: number, points: number, at: Date, counted: boolean): Promise<void> {
    await playRepo.lockState(trx, userId, at);
    const extra = counted ? 0 : points;
    const person = await playRepo.birthDate(trx, userId);
    if (person && person.age_verified_at === null) {
      const used = (await playRepo.lifetimeDeposits(trx, userId)) + extra;
      const limit = config.AGE_UNVERIFIED_DEPOSIT_MAX_POINTS;
      if (used > limit) {
        throw new AppError('limit_reached', { details: { kind: 'deposit', period: 'age_unverified', limit, used: used - points, remaining: Math.max(0, limit - (used - points)), resetsAt: null } });
      }
    }
    const limits = (await playRepo.limits(trx, userId)).filter((l) => l.amount !== null && l.kind === 'deposit');
    if (limits.length === 0) return;
    const usage = await playRepo.deposits(trx, userId, windowsAt(at));
    if (!counted) for (const period of LIMIT_PERIODS) usage[period].used += points;
    refuseOver(limits, { deposit: usage }, points);
  },
};

/** `limit_reached` for the tightest limit the totals (the new amount included) pass, naming it, its period and its reset. */
function refuseOver(limits: ReadonlyArray<{ kind: LimitKind; period: LimitPeriod; amount: number | null }>, usage: Partial<Record<LimitKind, Usage>>, amount: number) {
  let worst: { kind: LimitKind; period: LimitPeriod; limit: number; used: number; over: number; resets: Date | null } | undefined;
  for (const limit of limits) {
    const counted = usage[limit.kind];
    if (!counted || limit.amount === null) continue;
    const over = counted[limit.period].used - limit.amount;
    if (over > 0 && (!worst || over > worst.over)) {
      worst = { kind: limit.kind, period: limit.period, limit: limit.amount, used: counted[limit.period].used - amount, over, resets: resetsAt(counted, limit.period) };
    }
  }
  if (!worst) return;
  throw new AppError('limit_reached', {
    details: { kind: worst.kind, period: worst.period, limit: worst.limit, used: worst.used, remaining: Math.max(0, worst.limit - worst.used), resetsAt: worst.resets?.toISOString() ?? null },
  });
}
