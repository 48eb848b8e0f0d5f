import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod, type LimitsBody } from '@gp/common';
import { writeInboxMessages } from '../inbox/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { playRepo } from './repo.ts';

type Change = { kind: LimitKind; period: LimitPeriod; from: number | null; to: number };

/**
 * A supervisor lowers a member's limits (issue 32 item 6): only the kinds and periods named
 * change, each to a lower amount than the one in force (or to one where none was), at once. A
 * raise, a removal or an amount no lower than the one in force is `limit_raise_refused` and
 * nothing changes: raising is the member's own, after its cooling-off. A pending raise of a
 * limit lowered is dropped with it (the member asks again if they wish). Never on the
 * supervisor's own member account (`own_account`). Audited with the reason, kept in the limit
 * history with the supervisor, and the member finds an inbox message saying so (written in the
 * same transaction, through the outbox).
 */
export async function lowerLimitsByStaff(platform: Pick<Platform, 'db' | 'now' | 'outbox' | 'config'>, actor: StaffActor, userId: number, limits: LimitsBody, reason: string) {
  if (userId === actor.id) throw new AppError('own_account');
  const { db, now } = platform;
  const at = now();
  const changes: Change[] = [];
  await db.transaction().execute(async (trx) => {
    const member = await playRepo.admission(trx, userId);
    if (!member || member.role !== 'member') throw new AppError('not_found');
    await playRepo.lockState(trx, userId, at);
    const rows = await playRepo.limits(trx, userId);
    for (const kind of LIMIT_KINDS) {
      for (const period of LIMIT_PERIODS) {
        const asked = limits[kind]?.[period];
        if (asked === undefined) continue;
        const current = rows.find((r) => r.kind === kind && r.period === period)?.amount ?? null;
        if (asked === null || (current !== null && asked >= current)) {
          throw new AppError('limit_raise_refused', { details: { kind, period, current, asked } });
        }
        changes.push({ kind, period, from: current, to: asked });
      }
    }
    if (changes.length === 0) throw new AppError('validation_failed', { fields: { limits: 'required' } });
    for (const change of changes) {
      const base = { userId, kind: change.kind, period: change.period };
      await playRepo.upsertLimit(trx, { ...base, amount: change.to, pending: false, pendingAmount: null, requestedAt: null, effectiveAt: null }, at);
      await playRepo.recordLimitChange(trx, { ...base, oldAmount: change.from, newAmount: change.to, change: 'staff_lowered', requestedAt: at, effectiveAt: at, staffId: actor.id, reason });
    }
    await recordAudit(trx, actor, { action: 'member.limits_lowered', targetType: 'user', targetId: userId, before: { limits: changes.map(({ kind, period, from }) => ({ kind, period, amount: from })) }, after: { limits: changes.map(({ kind, period, to }) => ({ kind, period, amount: to })), reason } }, at);
    await writeInboxMessages(platform, trx, [
      { userId, kind: 'limit_lowered', cause: `limit-lowered:${at.getTime()}:${actor.id}`, params: { changes: changes.map(({ kind, period, to }) => ({ kind, period, amount: to })) }, link: '/account#responsible-play' },
    ]);
  });
  platform.outbox.kick();
  return changes;
}
