import type { Platform } from '../platform/platform.ts';
import { AppError } from '../platform/errors.ts';
import { revokeSessionsOf } from '../auth/service.ts';
import type { OrderService } from '../orders/service.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { walletReads } from '../wallet/service.ts';
import { membersRepo } from './members-repo.ts';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
const present = (row: NonNullable<Awaited<ReturnType<typeof membersRepo.find>>>) => ({
  id: String(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  lockedAt: iso(row.locked_at),
  createdAt: iso(row.created_at),
});

export type MemberService = ReturnType<typeof createMemberService>;

/** Members for the back office: search, a profile with balances, ledger and orders, and locks (audited). */
export function createMemberService(platform: Pick<Platform, 'db' | 'now' | 'outbox' | 'config'>, deps: { orders: OrderService }) {
  const { db, now, outbox, config } = platform;
  const wallet = walletReads(platform);
  return {
    async search(q: string) {
      return (await membersRepo.search(db, q, 20)).map(present);
    },

    async profile(id: string) {
      const row = await membersRepo.find(db, id);
      if (!row) throw new AppError('not_found');
      const [balances, ledger, orders] = await Promise.all([wallet.balances(id), wallet.ledger(id, 1, 50), deps.orders.list(id, { page: 1, pageSize: 20 })]);
      return { member: present(row), ...balances, ledger, orders };
    },

    /** Locked: sign-in refused (`account_locked`), every session ended with its sockets; audited with the reason. */
    async setLocked(actor: StaffActor, id: string, locked: boolean, reason: string) {
      await db.transaction().execute(async (trx) => {
        const before = await membersRepo.setLocked(trx, id, locked ? now() : null);
        if (!before) throw new AppError('not_found');
        if (locked) await revokeSessionsOf(trx, outbox, id, now(), config.SESSION_TTL_SECONDS * 1000);
        await recordAudit(trx, actor, { action: locked ? 'member.locked' : 'member.unlocked', targetType: 'user', targetId: id, before: { lockedAt: iso(before.locked_at) }, after: { locked, reason } }, now());
      });
      outbox.kick();
    },
  };
}
