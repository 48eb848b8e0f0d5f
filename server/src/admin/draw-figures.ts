import type { DrawFigureEntryResponse, DrawFigureTarget } from '@gp/common';
import type { Executor } from '../db/database.ts';
import type { DrawService } from '../games/draw/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { canonical } from './canonical.ts';
import { resultEntriesRepo } from './results-repo.ts';

/** One division's amount per unit (minor units) and official winner count, as the prizes route takes them. */
type DivisionAmount = { division: number; amount?: number; winners?: number };

/** What one entry holds: a drawn draw's pool amounts (per unit, minor units) and winner counts, or a coming draw's jackpot. */
type Figures = { divisions: DivisionAmount[] } | { amount: number };

/** The same divisions in any order are the same entry (an entry lists each division once). */
function normalised(target: DrawFigureTarget, figures: Figures): Figures {
  if (target === 'lottery_jackpot') return { amount: (figures as { amount: number }).amount };
  const divisions = (figures as { divisions: DivisionAmount[] }).divisions;
  const seen = new Set<number>();
  divisions.forEach((d, i) => {
    if (seen.has(d.division)) throw new AppError('validation_failed', { fields: { [`divisions.${i}.division`]: 'invalid' } });
    seen.add(d.division);
  });
  return { divisions: [...divisions].sort((a, b) => a.division - b.division).map((d) => ({ division: d.division, ...(d.amount !== undefined ? { amount: d.amount } : {}), ...(d.winners !== undefined ? { winners: d.winners } : {}) })) };
}

/**
 * Pool amounts and jackpots with four eyes (issue 31 item 2), on the four-eyes store of results
 * (`result_entries`, target `lottery_prizes` / `lottery_jackpot`): each staff member enters the
 * figures off the official announcement on their own; they are published — through the draw
 * service's own `enterPrizes` / `setJackpot` — only when a second, different staff member enters
 * the same. A different entry is a mismatch shown to both; nobody sees another's figures before
 * entering their own. Publishing removes the two matched entries in the same transaction that
 * holds them, so of two matching entries racing each other exactly one publishes, and a later
 * round (a division announced later, a new jackpot) starts afresh.
 */
export function drawFigureEntries(platform: Pick<Platform, 'db' | 'now'>, draws: DrawService) {
  const { db, now } = platform;

  async function check(target: DrawFigureTarget, code: string, drawId: number, figures: Figures) {
    if (target === 'lottery_prizes') await draws.checkPrizes(code, drawId, (figures as { divisions: DivisionAmount[] }).divisions);
    else await draws.checkJackpot(code, drawId);
  }

  async function publish(target: DrawFigureTarget, code: string, drawId: number, figures: Figures) {
    if (target === 'lottery_prizes') return draws.enterPrizes(code, drawId, (figures as { divisions: DivisionAmount[] }).divisions);
    return draws.setJackpot(code, drawId, (figures as { amount: number }).amount);
  }

  async function shown(executor: Executor, target: DrawFigureTarget, drawId: number, staffId: number) {
    const entries = await resultEntriesRepo.withNames(executor, target, [drawId]);
    return entries.map((e) => ({ staffId: String(e.staff_id), staffName: e.staff_name, mine: e.staff_id === staffId, figures: e.payload, at: new Date(e.created_at).toISOString() }));
  }

  return {
    /**
     * One staff member's entry of a draw's figures: `waiting_second` (nobody else has entered),
     * `mismatch` (another entry differs: both are shown) or `published` (a colleague's entry is the
     * same: published once, both entries done). Refused before it is kept when the figures do not
     * fit the draw (`validation_failed`, `not_found`) or an amount differs from one on record
     * (`result_exists` with `details.divisions`).
     */
    async enterDrawFigures(actor: StaffActor, target: DrawFigureTarget, code: string, drawId: number, raw: Figures): Promise<DrawFigureEntryResponse> {
      const figures = normalised(target, raw);
      await check(target, code, drawId, figures);
      const fingerprint = canonical(figures);
      const action = target === 'lottery_prizes' ? 'draw.prizes_entered' : 'draw.jackpot_entered';
      const entries = await db.transaction().execute(async (trx) => {
        await resultEntriesRepo.lockEntries(trx, target, drawId);
        await resultEntriesRepo.upsert(trx, { targetType: target, targetId: drawId, staffId: actor.id, payload: figures, fingerprint });
        await recordAudit(trx, actor, { action, targetType: 'lottery_draw', targetId: drawId, after: { productCode: code, ...figures } }, now());
        return resultEntriesRepo.of(trx, target, drawId);
      });
      const others = entries.filter((e) => e.staff_id !== actor.id);
      if (others.length === 0) return { state: 'waiting_second', entries: await shown(db, target, drawId, actor.id), draw: null };
      const partner = others.find((e) => e.fingerprint === fingerprint);
      if (!partner) {
        const mismatch = target === 'lottery_prizes' ? 'draw.prizes_mismatch' : 'draw.jackpot_mismatch';
        await db.transaction().execute((trx) => recordAudit(trx, actor, { action: mismatch, targetType: 'lottery_draw', targetId: drawId, after: { entries: entries.length } }, now()));
        return { state: 'mismatch', entries: await shown(db, target, drawId, actor.id), draw: null };
      }
      const entriesBefore = await shown(db, target, drawId, actor.id);
      // Takes the two matched entries out and publishes while holding them: a racing publisher of the
      // same pair finds them gone, another pair finds the amounts on record (`check`); a refused
      // publication puts the entries back (rollback).
      const draw = await db.transaction().execute(async (trx) => {
        // Serialises publications of this draw's figures: a second matched pair waits, then finds them on record.
        await resultEntriesRepo.lockPublication(trx, target, drawId);
        const taken = await resultEntriesRepo.take(trx, target, drawId, [actor.id, partner.staff_id], fingerprint);
        if (taken < 2) throw new AppError('result_exists');
        await check(target, code, drawId, figures);
        const published = await publish(target, code, drawId, figures);
        const publishedAction = target === 'lottery_prizes' ? 'draw.prizes_published' : 'draw.jackpot_set';
        await recordAudit(trx, actor, { action: publishedAction, targetType: 'lottery_draw', targetId: drawId, after: { productCode: code, ...figures, enteredBy: [partner.staff_id, actor.id] } }, now());
        return published;
      });
      return { state: 'published', entries: entriesBefore, draw };
    },
  };
}
