import { DRAW_PRODUCTS, drawManualResultBody, type DrawResult, footballResultBody, isDrawCode, manualResultBody, type PendingResult, type ResultEntryResponse, type ResultTargetType } from '@gp/common';
import type { DrawService } from '../games/draw/service.ts';
import type { FootballService } from '../games/football/service.ts';
import type { KenoService } from '../games/keno/service.ts';
import { AppError } from '../platform/errors.ts';
import { validate } from '../platform/http.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { canonical } from './canonical.ts';
import { drawFigureEntries } from './draw-figures.ts';
import { resultEntriesRepo } from './results-repo.ts';

type Target = ResultTargetType;
type Entry = { staff_id: number | string; staff_name: string; payload: unknown; fingerprint: string; created_at: Date | string };

const ascending = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b);

/** Where the entries of one target stand for `staffId`: nobody is shown another's entry before entering their own. */
function standing(entries: Entry[], staffId: number) {
  const mine = entries.find((e) => e.staff_id === staffId);
  const others = entries.filter((e) => e.staff_id !== staffId);
  const state: PendingResult['state'] = !mine ? 'none' : others.length === 0 ? 'waiting_second' : others.some((e) => e.fingerprint === mine.fingerprint) ? 'waiting_second' : 'mismatch';
  const shown = mine ? entries.map((e) => ({ staffId: String(e.staff_id), staffName: e.staff_name, mine: e.staff_id === staffId, result: e.payload, at: new Date(e.created_at).toISOString() })) : [];
  return { state, shown, entries: entries.length };
}

/** The zones, extras and multiplier a draw lottery's result has (for the entry form). */
function lotteryShape(code: string): PendingResult['shape'] {
  if (!isDrawCode(code)) return null;
  const product = DRAW_PRODUCTS[code];
  return { zones: product.zones.map((z) => ({ pick: z.drawCount, max: z.poolSize })), extra: product.extra?.count ?? 0, multiplier: product.addOns.length > 0 };
}

export type FourEyesService = ReturnType<typeof createFourEyesService>;

/**
 * Manual results with four eyes: each staff member enters the numbers (keno, draw lotteries) or
 * the score (football) on their own; the result is published — through the game's own
 * manual-result path — only when a second staff member's entry is the same. A different entry is
 * a mismatch, shown to both (in the answer to the later entry, and in the Results list of each);
 * nobody sees the other's entry before entering their own. There is no single-entry route.
 */
export function createFourEyesService(
  platform: Pick<Platform, 'db' | 'now' | 'config'>,
  games: { keno: KenoService; football: FootballService; draws: DrawService },
) {
  const { db, now, config } = platform;

  function parse(targetType: Target, raw: unknown) {
    // Keno keeps the draw order: its last number is the super number (BINGO's 20th).
    if (targetType === 'keno_draw') return { numbers: [...validate(manualResultBody, raw).numbers] };
    if (targetType === 'lottery_draw') {
      // Pool amounts are not part of the result: they come later through the prizes route.
      const body = validate(drawManualResultBody.omit({ divisions: true }), raw);
      return { zones: body.zones.map(ascending), extra: ascending(body.extra), ...(body.multiplier !== undefined ? { multiplier: body.multiplier } : {}) };
    }
    return validate(footballResultBody, raw);
  }

  /** What two entries must agree on: the numbers as a set (keno: and its last, the super number), the score, the zones. */
  function fingerprintOf(targetType: Target, result: unknown) {
    if (targetType !== 'keno_draw') return canonical(result);
    const { numbers } = result as { numbers: number[] };
    return canonical({ numbers: ascending(numbers), superNumber: numbers.at(-1) });
  }

  /** Refuses an entry for a target that is not there, already has its result, or is still on sale — before recording it. */
  async function checkOpen(targetType: Target, targetId: number, result: unknown) {
    const state = await resultEntriesRepo.targetState(db, targetType, targetId, now());
    if (state === 'missing') throw new AppError('not_found');
    if (state === 'resulted') throw new AppError('result_exists');
    // Football: the game's own checks (players, halves, a score only after the close; a void any time).
    if (targetType === 'football_event') return games.football.checkResult(targetId, validate(footballResultBody, result));
    // A simulated draw's numbers are fixed by its seed commitment: nobody enters them. With the
    // result feeds, four-eyes entry stays the fallback (a product without a feed, feeds down).
    const manual = (targetType === 'keno_draw' ? config.RESULT_SOURCE : config.DRAW_RESULT_SOURCE) !== 'simulated';
    if (state === 'too_early' || !manual) throw new AppError('validation_failed', { fields: { draw: 'invalid' } });
    // A draw lottery's numbers must fit its zones before the entry is kept (else a wrong second entry would be recorded, then refused).
    if (targetType === 'lottery_draw') await games.draws.checkResult(targetId, result as DrawResult);
  }

  /**
   * Publishes through the game's own manual-result path, which publishes a target once (its
   * conditional update). True when this call published it; false when another matching entry,
   * racing this one, got there first (the game's `result_exists`).
   */
  async function publish(targetType: Target, targetId: number, result: unknown): Promise<boolean> {
    try {
      if (targetType === 'keno_draw') await games.keno.enterResult(targetId, (result as { numbers: number[] }).numbers);
      else if (targetType === 'football_event') await games.football.enterResult(targetId, validate(footballResultBody, result));
      else {
        const owner = await resultEntriesRepo.lotteryProductOf(db, targetId);
        if (!owner) throw new AppError('not_found');
        await games.draws.enterResult(owner.product_code, targetId, { ...validate(drawManualResultBody, result) });
      }
      return true;
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'result_exists')) throw error;
      return false;
    }
  }

  return {
    /** A draw lottery's pool amounts and a coming draw's jackpot, with four eyes too (draw-figures.ts). */
    ...drawFigureEntries(platform, games.draws),

    async enter(actor: StaffActor, targetType: Target, targetId: number, raw: unknown): Promise<ResultEntryResponse> {
      const result = parse(targetType, raw);
      await checkOpen(targetType, targetId, result);
      const fingerprint = fingerprintOf(targetType, result);
      const entries = await db.transaction().execute(async (trx) => {
        await resultEntriesRepo.lockEntries(trx, targetType, targetId);
        await resultEntriesRepo.upsert(trx, { targetType, targetId, staffId: actor.id, payload: result, fingerprint });
        await recordAudit(trx, actor, { action: 'result.entered', targetType, targetId, after: result }, now());
        return resultEntriesRepo.of(trx, targetType, targetId);
      });
      const shown = entries.map((e) => ({ staffId: String(e.staff_id), staffName: e.staff_name, result: e.payload, at: new Date(e.created_at).toISOString() }));
      const others = entries.filter((e) => e.staff_id !== actor.id);
      if (others.length === 0) return { state: 'waiting_second', entries: shown };
      if (!others.some((e) => e.fingerprint === fingerprint)) {
        await db.transaction().execute((trx) => recordAudit(trx, actor, { action: 'result.mismatch', targetType, targetId, after: { entries: entries.length } }, now()));
        return { state: 'mismatch', entries: shown };
      }
      // Of matching entries racing each other exactly one publishes, is audited as the publisher and
      // answers `published`; the others learn the result is in, as any later entry would (issue 28).
      if (!(await publish(targetType, targetId, result))) throw new AppError('result_exists');
      await db.transaction().execute((trx) => recordAudit(trx, actor, { action: 'result.published', targetType, targetId, after: { result, entries: entries.length } }, now()));
      return { state: 'published', entries: shown };
    },

    /**
     * What waits for a result, for the sources this deployment enters by hand (RESULT_SOURCE,
     * FOOTBALL_RESULT_SOURCE, DRAW_RESULT_SOURCE = manual, or `feeds`: the fallback), oldest first, with where `actor`'s entry stands.
     */
    async pending(actor: StaffActor): Promise<PendingResult[]> {
      const at = now();
      const items: Omit<PendingResult, 'state' | 'shown' | 'entries'>[] = [];
      if (config.RESULT_SOURCE !== 'simulated') {
        for (const d of await resultEntriesRepo.kenoWaiting(db, at)) items.push({ targetType: 'keno_draw', targetId: String(d.id), productCode: d.product_code, label: d.issue, at: new Date(d.draw_at).toISOString(), shape: null });
      }
      if (config.FOOTBALL_RESULT_SOURCE === 'manual') {
        for (const e of await resultEntriesRepo.footballWaiting(db, at)) items.push({ targetType: 'football_event', targetId: String(e.id), productCode: e.tournament_code, label: `${e.home_team} v ${e.away_team}`, at: new Date(e.kick_off_at).toISOString(), shape: null });
      }
      if (config.DRAW_RESULT_SOURCE !== 'simulated') {
        for (const d of await resultEntriesRepo.lotteryWaiting(db, at)) items.push({ targetType: 'lottery_draw', targetId: String(d.id), productCode: d.product_code, label: d.issue, at: new Date(d.draw_at).toISOString(), shape: lotteryShape(d.product_code) });
      }
      const byTarget = new Map<string, Entry[]>();
      for (const type of ['keno_draw', 'football_event', 'lottery_draw'] as const) {
        const ids = items.filter((i) => i.targetType === type).map((i) => i.targetId);
        for (const e of await resultEntriesRepo.ofMany(db, type, ids)) {
          const key = `${type}:${e.target_id}`;
          byTarget.set(key, [...(byTarget.get(key) ?? []), e]);
        }
      }
      return items.map((item) => ({ ...item, ...standing(byTarget.get(`${item.targetType}:${item.targetId}`) ?? [], actor.id) }));
    },
  };
}
