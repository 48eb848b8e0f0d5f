import { formatPin } from '@gp/common';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, ROLLING_DAY_MS, selfApprovedMoney, type StaffActor } from '../staff/service.ts';
import { generatePinCode, hashPinCode, sealPinCode } from './codes.ts';
import { pinsRepo } from './repo.ts';

export interface PinIssue {
  count: number;
  points: number;
  expiresAt?: Date | null;
  note?: string | null;
}

/**
 * What to do with the codes:
 * - `seal`: kept sealed until the batch's one CSV export (the console); over the bound the batch is
 *   `pending` until a second supervisor approves it.
 * - `hand_out`: returned now (POST /api/admin/pins), which is only allowed within the bound:
 *   over it, nothing is created (`approval_required`: issue it as a batch instead).
 * - `hand_out_if_within`: returned now within the bound, sealed and pending over it (the command line).
 */
export type CodesGo = 'seal' | 'hand_out' | 'hand_out_if_within';

export type IssueContext = Pick<Platform, 'db' | 'secret' | 'now'> & { config: Pick<Config, 'ADJUSTMENT_APPROVAL_POINTS' | 'PIN_DAILY_MAX_POINTS'> };

export interface Issued {
  batchId: number;
  approval: 'not_needed' | 'pending';
  /** The plain codes when they were handed out (their only appearance); absent when sealed. */
  codes?: string[];
}

/**
 * Every way a person issues PIN codes goes through here (the console's batches, POST
 * /api/admin/pins, `npm run pins`), in one transaction with its audit entry:
 *
 * - PIN_DAILY_MAX_POINTS caps what one issuer (`null`: the system, i.e. the command line) issues in
 *   a rolling day, approved or not: past it, `pin_daily_limit` and nothing is created;
 * - a batch that takes its issuer past ADJUSTMENT_APPROVAL_POINTS of money moved alone in the
 *   rolling day (adjustments and batches together, staff/money-bound.ts) is `pending`: its codes
 *   stay sealed and cannot be redeemed until another supervisor approves and it is exported.
 *
 * Both sums are read under the issuer's money lock, so parallel requests cannot share one allowance.
 */
export async function issueBounded(ctx: IssueContext, actor: StaffActor | null, input: PinIssue, go: CodesGo, auditExtra: Record<string, unknown> = {}): Promise<Issued> {
  const { db, config } = ctx;
  return db.transaction().execute(async (trx) => {
    const at = ctx.now();
    const value = input.count * input.points;
    const issuer = actor?.id ?? null;
    const alone = await selfApprovedMoney(trx, issuer, at);
    const issued = await pinsRepo.issuedSince(trx, issuer, new Date(at.getTime() - ROLLING_DAY_MS));
    if (issued + value > config.PIN_DAILY_MAX_POINTS) {
      throw new AppError('pin_daily_limit', { details: { limit: config.PIN_DAILY_MAX_POINTS, remaining: Math.max(0, config.PIN_DAILY_MAX_POINTS - issued) } });
    }
    const approval = alone + value > config.ADJUSTMENT_APPROVAL_POINTS ? ('pending' as const) : ('not_needed' as const);
    if (approval === 'pending' && go === 'hand_out') throw new AppError('approval_required');
    const handOut = approval === 'not_needed' && go !== 'seal';
    const codes = await insertBatch(trx, ctx, issuer, input, { approval, handOut, at });
    await recordAudit(
      trx,
      actor,
      {
        action: 'pin_batch.issued',
        targetType: 'pin_batch',
        targetId: codes.batchId,
        after: { count: input.count, points: input.points, value, approval, handedOut: handOut, expiresAt: input.expiresAt?.toISOString() ?? null, note: input.note ?? null, rollingDay: { alone, issued }, ...auditExtra },
      },
      at,
    );
    return { batchId: codes.batchId, approval, ...(handOut ? { codes: codes.plain.map(formatPin) } : {}) };
  });
}

/**
 * The system's own codes, outside any bound: only the demo seeding issues these (SEED_DEMO, never
 * in production). Audited as the system, handed out at once.
 */
export async function issueForDemo(ctx: Pick<Platform, 'db' | 'secret' | 'now'>, input: PinIssue): Promise<Required<Issued>> {
  return ctx.db.transaction().execute(async (trx) => {
    const at = ctx.now();
    const codes = await insertBatch(trx, ctx, null, input, { approval: 'not_needed', handOut: true, at });
    await recordAudit(trx, null, { action: 'pin_batch.issued', targetType: 'pin_batch', targetId: codes.batchId, after: { count: input.count, points: input.points, value: input.count * input.points, handedOut: true, via: 'demo seeding' } }, at);
    return { batchId: codes.batchId, approval: 'not_needed', codes: codes.plain.map(formatPin) };
  });
}

/** The batch row and its codes (hashed; sealed unless handed out, then the batch counts as exported). */
async function insertBatch(trx: Tx, ctx: Pick<Platform, 'secret'>, issuer: number | null, input: PinIssue, how: { approval: 'not_needed' | 'pending'; handOut: boolean; at: Date }) {
  const created = await pinsRepo.insertBatch(trx, {
    count: input.count,
    points: input.points,
    createdBy: issuer,
    createdAt: how.at,
    approval: how.approval,
    expiresAt: input.expiresAt ?? null,
    note: input.note ?? null,
    exportedAt: how.handOut ? how.at : null,
  });
  const batchId = created.id;
  const plain: string[] = [];
  for (let i = 0; i < input.count; i += 1000) {
    const codes = Array.from({ length: Math.min(1000, input.count - i) }, generatePinCode);
    const hashes = codes.map((c) => hashPinCode(ctx.secret, c));
    await pinsRepo.insertPins(trx, batchId, input.points, hashes, how.handOut ? undefined : codes.map((c) => sealPinCode(ctx.secret, c)));
    if (how.handOut) plain.push(...codes);
  }
  return { batchId, plain };
}
