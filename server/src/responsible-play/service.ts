import {
  ageOn,
  breakEnd,
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  MINIMUM_AGE,
  RETURN_COOLING_OFF_HOURS,
  type LimitKind,
  type LimitPeriod,
  type LimitsAnswer,
  type LimitsBody,
  type LimitsView,
  type PlayStateView,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@gp/common';
import type { Executor, Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { barOf, resetsAt, windowsAt } from './guard.ts';
import { playRepo, type Usage } from './repo.ts';

export { playGuard } from './guard.ts';

export type ResponsiblePlayService = ReturnType<typeof createResponsiblePlayService>;

const HOUR = 3600_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const later = (a: Date | string | null, b: Date) => (a !== null && new Date(a) > b ? new Date(a) : b);

/** Whether `birthDate` makes an adult at `at`: `underage` otherwise (sign-up, the messaging-app route). */
export function assertAdult(birthDate: string, at: Date) {
  if (ageOn(birthDate, at) < MINIMUM_AGE) throw new AppError('underage', { details: { minimumAge: MINIMUM_AGE } });
}

/**
 * The member's own controls (issue 32, docs/responsible-play.md): limits with their cooling-off,
 * time-outs, self-exclusion and the return from it, the date of birth. What the order pipeline,
 * deposits and PINs check is `playGuard` (./guard.ts).
 */
export function createResponsiblePlayService(platform: Pick<Platform, 'db' | 'now'>) {
  const { db, now } = platform;

  async function limitsOf(executor: Executor, userId: number, at: Date): Promise<LimitsView> {
    const rows = await playRepo.limits(executor, userId);
    const windows = windowsAt(at);
    const [deposit, spend, loss] = await Promise.all([playRepo.deposits(executor, userId, windows), playRepo.stakes(executor, userId, windows), playRepo.losses(executor, userId, windows)]);
    const usage: Record<LimitKind, Usage> = { deposit, spend, loss };
    const view = {} as LimitsView;
    for (const kind of LIMIT_KINDS) {
      view[kind] = {} as LimitsView[LimitKind];
      for (const period of LIMIT_PERIODS) {
        const row = rows.find((r) => r.kind === kind && r.period === period);
        view[kind][period] = {
          amount: row?.amount ?? null,
          used: usage[kind][period].used,
          resetsAt: iso(resetsAt(usage[kind], period)),
          pending: row?.pending ? { amount: row.pending_amount, requestedAt: iso(row.pending_requested_at)!, effectiveAt: iso(row.pending_effective_at)! } : null,
        };
      }
    }
    return view;
  }

  async function stateOf(executor: Executor, userId: number, at: Date): Promise<PlayStateView> {
    const row = await playRepo.admission(executor, userId);
    if (!row) throw new AppError('unauthorized');
    const person = { birthDate: row.birth_date, ageCheck: row.birth_date === null ? ('missing' as const) : row.age_verified_at ? ('verified' as const) : ('declared' as const), hasLimits: row.has_limits };
    const bar = barOf(row, at);
    const none = { returnRequestedAt: null, returnConfirmableAt: null };
    if (bar?.code === 'self_excluded') {
      const ended = Boolean(bar.extra.details?.ended);
      const requested = iso(row.return_requested_at);
      return {
        state: ended ? 'exclusion_ended' : 'self_excluded',
        until: iso(row.exclusion_until),
        returnRequestedAt: requested,
        returnConfirmableAt: requested && new Date(new Date(requested).getTime() + RETURN_COOLING_OFF_HOURS * HOUR).toISOString(),
        ...person,
      };
    }
    if (bar?.code === 'timed_out') return { state: 'timed_out', until: iso(row.time_out_until), ...none, ...person };
    return { state: 'active', until: null, ...none, ...person };
  }

  /** The member's row, locked, when a self-exclusion of theirs has ended unreturned: `self_excluded` while it runs, `not_found` without one. */
  async function endedExclusion(trx: Tx, userId: number, at: Date) {
    const row = await playRepo.lockState(trx, userId, at);
    const bar = barOf(row, at);
    if (bar?.code !== 'self_excluded') throw new AppError('not_found');
    if (!bar.extra.details?.ended) throw bar;
    return row;
  }

  return {
    limits: (userId: number) => limitsOf(db, userId, now()),

    /**
     * The limits the member wants (every kind and period; left out means none). A lower one applies
     * at once; a higher one or a removal waits LIMIT_COOLING_OFF_HOURS and then the member's
     * confirmation (`confirmLimits`), the old one holding meanwhile. Asking again for what is in
     * force cancels a pending change; asking again for the same pending change keeps its time.
     */
    async setLimits(userId: number, body: LimitsBody): Promise<LimitsAnswer> {
      const at = now();
      const changes: NonNullable<LimitsAnswer['changes']> = [];
      await db.transaction().execute(async (trx) => {
        await playRepo.lockState(trx, userId, at);
        const rows = await playRepo.limits(trx, userId);
        for (const kind of LIMIT_KINDS) {
          for (const period of LIMIT_PERIODS) {
            const wanted = body[kind]?.[period] ?? null;
            const row = rows.find((r) => r.kind === kind && r.period === period);
            const current = row?.amount ?? null;
            const base = { userId, kind, period };
            if (wanted === current) {
              if (row?.pending) {
                await playRepo.upsertLimit(trx, { ...base, amount: current, pending: false, pendingAmount: null, requestedAt: null, effectiveAt: null }, at);
                await playRepo.recordLimitChange(trx, { ...base, oldAmount: current, newAmount: row.pending_amount, change: 'cancelled', requestedAt: at, effectiveAt: at });
              }
              continue;
            }
            const lower = wanted !== null && (current === null || wanted < current);
            if (lower) {
              await playRepo.upsertLimit(trx, { ...base, amount: wanted, pending: false, pendingAmount: null, requestedAt: null, effectiveAt: null }, at);
              await playRepo.recordLimitChange(trx, { ...base, oldAmount: current, newAmount: wanted, change: 'lowered', requestedAt: at, effectiveAt: at });
              changes.push({ kind, period, amount: wanted, applied: 'now', effectiveAt: at.toISOString() });
              continue;
            }
            // A raise or a removal: pending. The same request again keeps its first time.
            const same = row?.pending && row.pending_amount === wanted;
            const requestedAt = same ? new Date(row.pending_requested_at!) : at;
            const effectiveAt = same ? new Date(row.pending_effective_at!) : new Date(at.getTime() + LIMIT_COOLING_OFF_HOURS * HOUR);
            if (!same) {
              await playRepo.upsertLimit(trx, { ...base, amount: current, pending: true, pendingAmount: wanted, requestedAt, effectiveAt }, at);
              await playRepo.recordLimitChange(trx, { ...base, oldAmount: current, newAmount: wanted, change: 'requested', requestedAt, effectiveAt });
            }
            changes.push({ kind, period, amount: wanted, applied: 'pending', effectiveAt: effectiveAt.toISOString() });
          }
        }
      });
      return { limits: await limitsOf(db, userId, at), changes };
    },

    /**
     * The member confirms their pending raises and removals whose cooling-off is over; those still
     * cooling off stay pending. `cooling_off` (409) when none is due yet, `not_found` when none is pending.
     */
    async confirmLimits(userId: number): Promise<LimitsAnswer> {
      const at = now();
      const changes: NonNullable<LimitsAnswer['changes']> = [];
      await db.transaction().execute(async (trx) => {
        await playRepo.lockState(trx, userId, at);
        const pending = (await playRepo.limits(trx, userId)).filter((r) => r.pending);
        if (pending.length === 0) throw new AppError('not_found');
        const due = pending.filter((r) => new Date(r.pending_effective_at!) <= at);
        if (due.length === 0) {
          const first = pending.map((r) => new Date(r.pending_effective_at!)).sort((a, b) => a.getTime() - b.getTime())[0]!;
          throw new AppError('cooling_off', { details: { effectiveAt: first.toISOString() } });
        }
        for (const row of due) {
          const base = { userId, kind: row.kind as LimitKind, period: row.period as LimitPeriod };
          await playRepo.upsertLimit(trx, { ...base, amount: row.pending_amount, pending: false, pendingAmount: null, requestedAt: null, effectiveAt: null }, at);
          await playRepo.recordLimitChange(trx, { ...base, oldAmount: row.amount, newAmount: row.pending_amount, change: 'confirmed', requestedAt: new Date(row.pending_requested_at!), effectiveAt: at });
          changes.push({ ...base, amount: row.pending_amount, applied: 'now', effectiveAt: at.toISOString() });
        }
      });
      return { limits: await limitsOf(db, userId, at), changes };
    },

    playState: (userId: number) => stateOf(db, userId, now()),

    /**
     * A break from now (effective at once); never shortened: a shorter one asked during a longer
     * one leaves the longer. Refused while self-excluded (already the stronger).
     */
    async timeOut(userId: number, period: TimeOutPeriod): Promise<PlayStateView> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await playRepo.lockState(trx, userId, at);
        const bar = barOf(row, at);
        if (bar?.code === 'self_excluded') throw bar;
        const until = later(row.time_out_until, breakEnd(period, at));
        await playRepo.setTimeOut(trx, userId, until, at);
        await playRepo.recordBreak(trx, { userId, kind: 'time_out', period, startsAt: at, endsAt: until });
      });
      return stateOf(db, userId, at);
    },

    /**
     * Self-exclusion from now, effective at once (LCCP 3.5: no wait), for at least `period`; a
     * running one is only ever extended. Marketing consent is withdrawn with it. Nobody can lift it.
     */
    async selfExclude(userId: number, period: SelfExclusionPeriod): Promise<PlayStateView> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await playRepo.lockState(trx, userId, at);
        const running = row.exclusion_until !== null && new Date(row.exclusion_until) > at;
        const until = later(running ? row.exclusion_until : null, breakEnd(period, at));
        await playRepo.setExclusion(trx, userId, running ? new Date(row.exclusion_started_at!) : at, until, at);
        await playRepo.stopMarketing(trx, userId);
        await playRepo.recordBreak(trx, { userId, kind: 'self_exclusion', period, startsAt: at, endsAt: until });
      });
      return stateOf(db, userId, at);
    },

    /** After a self-exclusion has ended: the member asks to return (confirmable RETURN_COOLING_OFF_HOURS later). */
    async requestReturn(userId: number): Promise<PlayStateView> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await endedExclusion(trx, userId, at);
        if (row.return_requested_at !== null) return;
        await playRepo.setReturn(trx, userId, { return_requested_at: at }, at);
        await playRepo.recordBreak(trx, { userId, kind: 'return_requested', period: null, startsAt: at, endsAt: null });
      });
      return stateOf(db, userId, at);
    },

    /** The member confirms the return, a day or more after asking: the account opens again. */
    async confirmReturn(userId: number): Promise<PlayStateView> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const row = await endedExclusion(trx, userId, at);
        if (row.return_requested_at === null) throw new AppError('not_found');
        const confirmable = new Date(new Date(row.return_requested_at).getTime() + RETURN_COOLING_OFF_HOURS * HOUR);
        if (confirmable > at) throw new AppError('cooling_off', { details: { effectiveAt: confirmable.toISOString() } });
        await playRepo.setReturn(trx, userId, { returned_at: at }, at);
        await playRepo.recordBreak(trx, { userId, kind: 'returned', period: null, startsAt: at, endsAt: null });
      });
      return stateOf(db, userId, at);
    },

    /** A member without a date of birth (a messaging-app sign-up) gives it, once; `underage` refuses it. */
    async setBirthDate(userId: number, birthDate: string): Promise<PlayStateView> {
      const at = now();
      assertAdult(birthDate, at);
      if (!(await playRepo.setBirthDateOnce(db, userId, birthDate))) throw new AppError('validation_failed', { fields: { birthDate: 'invalid' }, details: { reason: 'already_set' } });
      return stateOf(db, userId, at);
    },

    /** What the staff console's member page shows (read-only): age check, limits, breaks and their history. */
    async staffView(userId: number) {
      const at = now();
      const [state, limits, breaks] = await Promise.all([stateOf(db, userId, at), limitsOf(db, userId, at), playRepo.breaks(db, userId)]);
      return { state, limits, breaks: breaks.map((b) => ({ kind: b.kind, period: b.period, startsAt: iso(b.starts_at), endsAt: iso(b.ends_at) })) };
    },
  };
}
