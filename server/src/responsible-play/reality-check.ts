import type { RealityCheckView } from '@gp/common';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { playRepo } from './repo.ts';
import { realityCheckRepo } from './reality-check-repo.ts';

type SessionCheck = NonNullable<Awaited<ReturnType<typeof realityCheckRepo.ofSession>>>;

const time = (value: Date | string) => new Date(value).getTime();

/**
 * When the session's next check falls due: one interval after the latest of its sign-in, its
 * last answer and the time the member chose the interval (a check chosen an hour into a session
 * is first due one interval after choosing it, not at once). Null without an interval.
 */
export function nextCheckAt(row: Pick<SessionCheck, 'created_at' | 'reality_check_answered_at' | 'reality_check_minutes' | 'reality_check_set_at'>, minuteMs: number): Date | null {
  if (row.reality_check_minutes === null) return null;
  const from = Math.max(time(row.created_at), row.reality_check_answered_at ? time(row.reality_check_answered_at) : 0, row.reality_check_set_at ? time(row.reality_check_set_at) : 0);
  return new Date(from + row.reality_check_minutes * minuteMs);
}

/**
 * Reality checks (issue 32 item 3, RTS 13): at the interval the member chose, a notice with the
 * time since sign-in and the session's net result needs an answer. The check belongs to the
 * session (one sign-in: every tab and client on it), and while it is due and unanswered the
 * server itself refuses orders, deposits and PINs (`reality_check_due`, `realityCheckGate`), so no
 * other tab or client gets round it. One "minute" is REALITY_CHECK_MINUTE_MS (60 s; shorter only
 * under NODE_ENV=test, for the browser tests).
 */
export function createRealityChecks(platform: Pick<Platform, 'db' | 'now'> & { config: Pick<Config, 'REALITY_CHECK_MINUTE_MS'> }) {
  const { db, now } = platform;
  const minuteMs = platform.config.REALITY_CHECK_MINUTE_MS;

  async function session(executor: Executor, sessionId: string) {
    const row = await realityCheckRepo.ofSession(executor, sessionId);
    if (!row) throw new AppError('unauthorized');
    return row;
  }

  async function viewOf(executor: Executor, sessionId: string, at: Date): Promise<RealityCheckView> {
    const row = await session(executor, sessionId);
    const next = nextCheckAt(row, minuteMs);
    const play = await realityCheckRepo.playSince(executor, row.user_id, new Date(row.created_at));
    return {
      minutes: row.reality_check_minutes,
      sessionStartedAt: new Date(row.created_at).toISOString(),
      nextCheckAt: next?.toISOString() ?? null,
      due: next !== null && next <= at,
      ...play,
      net: play.stakes - play.prizes,
    };
  }

  return {
    view: (sessionId: string) => viewOf(db, sessionId, now()),

    /**
     * The member's interval (one of REALITY_CHECK_MINUTES, or null: none), for every session of
     * theirs; the next check counts from now. Asking for the interval in force changes nothing.
     * While a check is due it is refused (`reality_check_due`): a new interval would otherwise
     * answer the check without the member answering it.
     */
    async set(userId: number, sessionId: string, minutes: number | null): Promise<RealityCheckView> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await playRepo.lockState(trx, userId, at);
        const row = await session(trx, sessionId);
        const next = nextCheckAt(row, minuteMs);
        if (next !== null && next <= at) throw new AppError('reality_check_due', { details: { dueAt: next.toISOString() } });
        if (row.reality_check_minutes === minutes) return;
        await realityCheckRepo.setInterval(trx, userId, minutes, at);
      });
      return viewOf(db, sessionId, at);
    },

    /**
     * "Continue": answers the check due in this session; the next falls due one interval on. A
     * check not yet due is not answered ahead (an answer would otherwise push the next one away).
     */
    async answer(sessionId: string): Promise<RealityCheckView> {
      const at = now();
      const row = await session(db, sessionId);
      const next = nextCheckAt(row, minuteMs);
      if (next !== null && next <= at) await realityCheckRepo.answer(db, sessionId, at);
      return viewOf(db, sessionId, at);
    },

    /** `reality_check_due` (409, `details.dueAt`) while the session's check is due and unanswered: asked before every order, deposit and PIN. */
    async assertAnswered(sessionId: string): Promise<void> {
      const row = await session(db, sessionId);
      const next = nextCheckAt(row, minuteMs);
      if (next !== null && next <= now()) throw new AppError('reality_check_due', { details: { dueAt: next.toISOString() } });
    },
  };
}

export type RealityChecks = ReturnType<typeof createRealityChecks>;
