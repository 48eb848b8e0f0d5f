import type { CreatePinsResponse, PinBatch, RedeemResponse } from '@gp/common';
import { formatPin, plainPoints } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import { csvDocument } from '../platform/csv.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Config } from '../config.ts';
import type { Platform } from '../platform/platform.ts';
import { playGuard } from '../responsible-play/service.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { hashPinCode, unsealPinCode } from './codes.ts';
import { issueBounded, issueForDemo, type IssueContext } from './issue.ts';
import { pinsRepo } from './repo.ts';

export { issueBounded, type Issued } from './issue.ts';

export type PinService = ReturnType<typeof createPinService>;
export interface PinBatchInput {
  count: number;
  points: number;
}

/**
 * The demo's codes (and the tests'): `count` PINs worth `points` each, issued by the system outside
 * any staff bound, audited, handed out at once — the only time the plain codes exist. Nothing a
 * person can reach calls this: the console, the API and `npm run pins` all go through `issueBounded`.
 */
export async function issuePins(platform: Pick<Platform, 'db' | 'secret' | 'now'>, input: PinBatchInput): Promise<CreatePinsResponse> {
  const { batchId, codes } = await issueForDemo(platform, input);
  return { batchId: String(batchId), points: input.points, codes };
}

export interface PinBatchIssue {
  count: number;
  points: number;
  expiresAt?: string | undefined;
  note?: string | undefined;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function createPinService(platform: Pick<Platform, 'db' | 'secret' | 'now' | 'outbox' | 'logger'> & { config: IssueContext['config'] & Pick<Config, 'AGE_UNVERIFIED_DEPOSIT_MAX_POINTS'> }) {
  const { db, secret, now, outbox, logger, config } = platform;

  async function batch(batchId: number): Promise<PinBatch> {
    const row = (await pinsRepo.listBatchesById(db, batchId))[0];
    if (!row) throw new AppError('not_found');
    return presentBatch(row);
  }

  return {
    /** The demo seeding's codes (see `issuePins`). */
    createBatch: (input: PinBatchInput) => issuePins(platform, input),

    /**
     * POST /api/admin/pins: a batch whose codes are handed out at once — within the staff member's
     * rolling-day bound only (`approval_required` past it: issue it as a batch for approval).
     */
    async handOut(actor: StaffActor, input: PinBatchInput): Promise<CreatePinsResponse> {
      const { batchId, codes } = await issueBounded(platform, actor, input, 'hand_out');
      return { batchId: String(batchId), points: input.points, codes: codes! };
    },

    /**
     * A batch in the console's lifecycle: the codes are kept only sealed (never shown here) until
     * the batch's one CSV export, which waits for a second supervisor's approval when the batch
     * takes its issuer past their rolling-day bound. Audited with its size and value, never its codes.
     */
    async issueBatch(actor: StaffActor, input: PinBatchIssue): Promise<PinBatch> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt <= now()) throw new AppError('validation_failed', { fields: { expiresAt: 'invalid' } });
      const note = input.note?.trim() || null;
      const { batchId } = await issueBounded(platform, actor, { count: input.count, points: input.points, expiresAt, note }, 'seal');
      return batch(batchId);
    },

    /** A supervisor other than its issuer approves a pending batch: it may then be exported (and its codes redeemed). */
    async approveBatch(actor: StaffActor, batchId: number): Promise<PinBatch> {
      await db.transaction().execute(async (trx) => {
        const found = await pinsRepo.findBatch(trx, batchId);
        if (!found) throw new AppError('not_found');
        if (found.created_by !== null && found.created_by === actor.id) throw new AppError('forbidden'); // four eyes: not one's own
        const approved = await pinsRepo.approve(trx, batchId, actor.id, now());
        if (!approved) throw new AppError('not_found'); // already approved, or never needed it
        await recordAudit(trx, actor, { action: 'pin_batch.approved', targetType: 'pin_batch', targetId: batchId, before: { approval: 'pending' }, after: { approval: 'approved', count: approved.count, points: approved.points } }, now());
      });
      return batch(batchId);
    },

    async batches(limit: number): Promise<PinBatch[]> {
      return (await pinsRepo.listBatches(db, limit)).map(presentBatch);
    },

    /**
     * The batch's codes as CSV, once: the conditional `exported_at` update lets exactly one of any
     * number of concurrent exports through (the others: `pins_exported`), and the sealed codes are
     * cleared in the same transaction.
     */
    async exportBatch(actor: StaffActor, batchId: number): Promise<{ filename: string; csv: string }> {
      return db.transaction().execute(async (trx) => {
        const found = await pinsRepo.findBatch(trx, batchId);
        if (!found) throw new AppError('not_found');
        if (found.approval === 'pending') throw new AppError('approval_required');
        const marked = await pinsRepo.markExported(trx, batchId, actor.id, now());
        if (!marked) throw new AppError('pins_exported');
        const codes = (await pinsRepo.takeSealedCodes(trx, batchId)).map((s) => formatPin(unsealPinCode(secret, s)));
        await recordAudit(trx, actor, { action: 'pin_batch.exported', targetType: 'pin_batch', targetId: batchId, after: { codes: codes.length } }, now());
        const expires = iso(marked.expires_at) ?? '';
        // Points in GP with two decimals (50.00 for 50 GP), the unit the console shows (issue 31 item 6).
        return { filename: `pins-batch-${batchId}.csv`, csv: csvDocument(['code', 'points_gp', 'expires_at', 'batch'], codes.map((c) => [c, plainPoints(marked.points), expires, batchId])) };
      });
    },

    /** Voids the codes of a batch nobody redeemed (redeemed ones stay); a voided code then reads as `pin_not_found`. */
    async voidBatch(actor: StaffActor, batchId: number): Promise<PinBatch> {
      await db.transaction().execute(async (trx) => {
        const found = await pinsRepo.findBatch(trx, batchId);
        if (!found) throw new AppError('not_found');
        const voided = await pinsRepo.voidUnredeemed(trx, batchId, actor.id, now());
        await recordAudit(trx, actor, { action: 'pin_batch.voided', targetType: 'pin_batch', targetId: batchId, before: { voidedAt: iso(found.voided_at) }, after: { voided } }, now());
      });
      return batch(batchId);
    },

    /**
     * Credits the PIN's points to the member exactly once. A wrong code is `pin_not_found`; the
     * route counts those towards a per-member limit (`failureLimit('pin.failures', byMember)` in
     * pins/routes.ts), so codes cannot be guessed by brute force.
     */
    async redeem(userId: number, code: string, idempotencyKey?: string): Promise<RedeemResponse> {
      const codeHash = hashPinCode(secret, code);
      // A PIN is a deposit (issue 32): refused on a break or self-exclusion, counted against deposit limits.
      await playGuard.admit(db, userId, now());
      let result;
      try {
        result = await runIdempotent(db, { userId, scope: 'pin-redeem', key: idempotencyKey, body: { code } }, async (trx) => {
          // Staff never credit their own member account: not with a code, nor with one of a batch they handled (issue 28).
          if (await pinsRepo.handledBy(trx, codeHash, userId)) throw new AppError('own_account');
          const pin = await pinsRepo.claim(trx, codeHash, userId, now());
          if (!pin) {
            throw new AppError((await pinsRepo.redeemed(trx, codeHash)) ? 'pin_redeemed' : 'pin_not_found');
          }
          await walletService.credit(trx, {
            userId,
            account: 'real',
            kind: 'pin',
            amount: pin.points,
            refType: 'pin',
            refId: pin.id,
          });
          // The member's deposit limits and the unverified-age cap, counting this PIN: past one, nothing is credited.
          await playGuard.checkDeposit(trx, config, userId, pin.points, now(), true);
          // New points first pay what a refunded deposit left owing, as a new deposit does (issue 14).
          const balances = await walletService.settleDebts(trx, userId, now());
          await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, now()), now())]);
          return { status: 200, body: { points: pin.points, balance: balances.balance, trialBalance: balances.trialBalance } };
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error({ err: error, userId }, 'PIN redemption failed');
        throw new AppError('redeem_failed');
      }
      if (!result.replayed) outbox.kick();
      const { points, balance } = result.body;
      return { points, balance };
    },
  };
}

type BatchRow = Awaited<ReturnType<typeof pinsRepo.listBatches>>[number];

function presentBatch(row: BatchRow): PinBatch {
  return {
    id: String(row.id),
    count: row.count,
    points: row.points,
    note: row.note,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by === null ? null : String(row.created_by),
    createdByName: row.created_by_name ?? null,
    exportedAt: iso(row.exported_at),
    voidedAt: iso(row.voided_at),
    approval: row.approval,
    approvedAt: iso(row.approved_at),
    approvedByName: row.approved_by_name ?? null,
    redeemed: Number(row.redeemed ?? 0),
    voided: Number(row.voided ?? 0),
  };
}
