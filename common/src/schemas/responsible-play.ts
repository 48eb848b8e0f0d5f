import { z } from 'zod';

/**
 * Responsible play (issue 32, docs/responsible-play.md): the member's own limits (RTS 12), breaks
 * and self-exclusion (LCCP 3.5) and the date of birth. Amounts are GP hundredths, as everywhere.
 */

/** The youngest age that may hold an account. */
export const MINIMUM_AGE = 18;

export const LIMIT_KINDS = ['deposit', 'spend', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
/** Every period is rolling: the last 24 hours, the last 7 days, the last 30 days (so "month" is 30 days). */
export const LIMIT_PERIOD_HOURS: Record<LimitPeriod, number> = { day: 24, week: 7 * 24, month: 30 * 24 };
/** A raise or a removal waits this long, then the member confirms it (RTS 12D). */
export const LIMIT_COOLING_OFF_HOURS = 24;

export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '42d'] as const;
export type TimeOutPeriod = (typeof TIME_OUT_PERIODS)[number];
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y'] as const;
export type SelfExclusionPeriod = (typeof SELF_EXCLUSION_PERIODS)[number];
/** After a self-exclusion ends, a return asked for is confirmed no sooner than this. */
export const RETURN_COOLING_OFF_HOURS = 24;

/** The end of a break of `period` begun at `from` (months and years are calendar ones, in UTC). */
export function breakEnd(period: TimeOutPeriod | SelfExclusionPeriod, from: Date): Date {
  const end = new Date(from);
  const days: Partial<Record<string, number>> = { '24h': 1, '7d': 7, '30d': 30, '42d': 42 };
  const months: Partial<Record<string, number>> = { '6m': 6, '1y': 12, '2y': 24, '5y': 60 };
  if (days[period] !== undefined) end.setTime(end.getTime() + days[period] * 24 * 3600_000);
  else end.setUTCMonth(end.getUTCMonth() + months[period]!);
  return end;
}

/** A calendar date `YYYY-MM-DD` that exists (no 2001-02-30), from 1900 on. */
export const birthDate = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid' })
  .refine((value) => {
    const at = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value && value >= '1900-01-01';
  }, { error: 'invalid' })
  .meta({ format: 'date' });

/** Whole years from `birth` (`YYYY-MM-DD`) to `at` (UTC). */
export function ageOn(birth: string, at: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const years = at.getUTCFullYear() - y;
  const beforeBirthday = at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

/** A limit amount: positive whole GP hundredths, or null for "no limit". */
const limitAmount = z.number({ error: 'invalid' }).int({ error: 'invalid' }).positive({ error: 'invalid' }).max(1e12, { error: 'invalid' }).nullable();
const periods = z.strictObject({ day: limitAmount.optional(), week: limitAmount.optional(), month: limitAmount.optional() }, { error: 'invalid' });

/**
 * `PUT /api/me/limits`: the limits the member wants, all of them (a kind or period left out, or
 * null, means "no limit" there). Lower ones apply at once; higher ones and removals wait 24 hours
 * and then for `POST /api/me/limits/confirm`.
 */
export const limitsBody = z.strictObject({ deposit: periods.optional(), spend: periods.optional(), loss: periods.optional() }, { error: 'invalid' });
export type LimitsBody = z.infer<typeof limitsBody>;

export const timeOutBody = z.object({ period: z.enum(TIME_OUT_PERIODS, { error: 'invalid' }) });
export const selfExclusionBody = z.object({
  period: z.enum(SELF_EXCLUSION_PERIODS, { error: 'invalid' }),
  /** The positive action LCCP 3.5.4 asks for: the member ticked "I understand this cannot be undone". */
  confirm: z.literal(true, { error: 'required' }),
});
export const birthDateBody = z.object({ birthDate });

/**
 * Reality-check intervals a member may choose, in minutes (RTS 13; the reference's "15, 30, 45, 60
 * or longer", and the one- to six-hour reminders operators offer). null: no reality checks.
 */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120, 180, 240, 360] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
/** `PUT /api/me/reality-check`: one of REALITY_CHECK_MINUTES, or null to stop them. */
export const realityCheckBody = z.strictObject(
  {
    minutes: z
      .number({ error: 'invalid' })
      .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), { error: 'invalid' })
      .nullable(),
  },
  { error: 'invalid' },
);
export type RealityCheckBody = z.infer<typeof realityCheckBody>;

/** The session's reality check (in `GET /api/me/play-state`). */
export interface RealityCheckView {
  /** The interval chosen; null: none (the other fields are then null too, but `sessionStartedAt`). */
  minutes: number | null;
  /** When this session signed in. */
  sessionStartedAt: string;
  /** When the next check falls due (in the past while `due`). */
  nextCheckAt: string | null;
  /** A check is due and unanswered: orders, deposits and PINs answer `reality_check_due` until it is. */
  due: boolean;
  /** The session's play so far, in GP hundredths: real-point stakes placed since sign-in, prizes credited since, and `net` = stakes − prizes (positive: the member is down). */
  stakes: number;
  prizes: number;
  net: number;
}

/** `PUT /api/admin/members/:id/limits`: a supervisor lowers some of a member's limits, with a reason. Only the kinds and periods named change. */
export const staffLimitsBody = z.strictObject(
  {
    limits: limitsBody,
    reason: z.string({ error: 'required' }).trim().min(3, { error: 'required' }).max(500, { error: 'invalid' }),
  },
  { error: 'invalid' },
);
export type StaffLimitsBody = z.infer<typeof staffLimitsBody>;

export interface LimitView {
  /** In force now; null: none. */
  amount: number | null;
  /** Counted against it in the current window. */
  used: number;
  /** When the oldest amount counted leaves the window (the earliest the total can fall); null when nothing counts. */
  resetsAt: string | null;
  /** A raise or removal waiting: `amount` null is a removal; confirm from `effectiveAt`. */
  pending: { amount: number | null; requestedAt: string; effectiveAt: string } | null;
}
export type LimitsView = Record<LimitKind, Record<LimitPeriod, LimitView>>;

export interface LimitsAnswer {
  limits: LimitsView;
  /** What the member's request changed: lowered at once, or pending until `effectiveAt`. */
  changes?: Array<{ kind: LimitKind; period: LimitPeriod; amount: number | null; applied: 'now' | 'pending'; effectiveAt: string }>;
}

export type PlayStateName = 'active' | 'timed_out' | 'self_excluded' | 'exclusion_ended';
export interface PlayStateView {
  state: PlayStateName;
  /** The end of the break or exclusion in force (`timed_out`, `self_excluded`); the past end for `exclusion_ended`. */
  until: string | null;
  /** `exclusion_ended`: when the member asked to return, and when they may confirm. */
  returnRequestedAt: string | null;
  returnConfirmableAt: string | null;
  /** The date of birth given, and where the age check stands. */
  birthDate: string | null;
  ageCheck: 'missing' | 'declared' | 'verified';
  /**
   * Until the age is verified (an approved identity check): what the member may deposit in all
   * (AGE_UNVERIFIED_DEPOSIT_MAX_POINTS) and what deposits and PINs have used of it; null once verified.
   */
  ageUnverifiedDeposits: { limit: number; used: number } | null;
  /** Whether any limit is set (the prompt at first deposit asks when none is). */
  hasLimits: boolean;
  /** The reality-check interval the member chose (minutes; null: none). */
  realityCheckMinutes: number | null;
  /** This session's reality check (RTS 13): in `GET /api/me/play-state`, not in the answers of the other routes. */
  realityCheck?: RealityCheckView;
}
