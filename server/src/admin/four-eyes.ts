import { footballResultBody, manualResultBody, type ResultEntryResponse } from '@gp/common';
import type { FootballService } from '../football/service.ts';
import type { KenoService } from '../keno/service.ts';
import { AppError } from '../platform/errors.ts';
import { validate } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { resultEntriesRepo } from './results-repo.ts';

type Target = 'keno_draw' | 'football_event';

/** The same value, whatever the order of its keys: what two entries are compared by. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export type FourEyesService = ReturnType<typeof createFourEyesService>;

/**
 * Manual results with four eyes: each staff member enters the numbers (keno) or the score
 * (football) on their own; the result is published — through the game's own manual-result path —
 * only when a second staff member's entry is the same. A different entry is a mismatch, shown to
 * whoever enters next; nobody sees the other's entry before entering their own.
 */
export function createFourEyesService(platform: Pick<Platform, 'db' | 'now'>, games: { keno: KenoService; football: FootballService }) {
  const { db, now } = platform;

  function parse(targetType: Target, raw: unknown) {
    if (targetType === 'keno_draw') {
      const { numbers } = validate(manualResultBody, raw);
      return { numbers: [...numbers].sort((a, b) => a - b) };
    }
    return validate(footballResultBody, raw);
  }

  async function publish(targetType: Target, targetId: string, result: unknown) {
    try {
      if (targetType === 'keno_draw') await games.keno.enterResult(targetId, (result as { numbers: number[] }).numbers);
      else await games.football.enterResult(targetId, validate(footballResultBody, result));
    } catch (error) {
      // Two matching entries racing: the other request published it first.
      if (!(error instanceof AppError && error.code === 'result_exists')) throw error;
    }
  }

  return {
    async enter(actor: StaffActor, targetType: Target, targetId: string, raw: unknown): Promise<ResultEntryResponse> {
      const result = parse(targetType, raw);
      const fingerprint = canonical(result);
      const entries = await db.transaction().execute(async (trx) => {
        await resultEntriesRepo.upsert(trx, { targetType, targetId, staffId: actor.id, payload: result, fingerprint });
        await recordAudit(trx, actor, { action: 'result.entered', targetType, targetId, after: result }, now());
        return resultEntriesRepo.of(trx, targetType, targetId);
      });
      const shown = entries.map((e) => ({ staffId: String(e.staff_id), result: e.payload, at: new Date(e.created_at).toISOString() }));
      const others = entries.filter((e) => String(e.staff_id) !== actor.id);
      if (others.length === 0) return { state: 'waiting_second', entries: shown };
      if (!others.some((e) => e.fingerprint === fingerprint)) return { state: 'mismatch', entries: shown };
      await publish(targetType, targetId, result);
      await db.transaction().execute((trx) => recordAudit(trx, actor, { action: 'result.published', targetType, targetId, after: { result, entries: entries.length } }, now()));
      return { state: 'published', entries: shown };
    },
  };
}
