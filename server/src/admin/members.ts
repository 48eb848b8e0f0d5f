import type { Platform } from '../platform/platform.ts';
import { AppError } from '../platform/errors.ts';
import { revokeSessionsOf } from '../auth/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { DepositService } from '../payments/service.ts';
import type { ResponsiblePlayService } from '../responsible-play/service.ts';
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

/** Ledger lines per page on the member page. */
const LEDGER_PAGE_SIZE = 25;

export type MemberService = ReturnType<typeof createMemberService>;

/** Members for the back office: search, a profile with balances, ledger and orders, and locks (audited). */
export function createMemberService(platform: Pick<Platform, 'db' | 'now' | 'outbox' | 'config'>, deps: { orders: OrderService; deposits: DepositService; play: ResponsiblePlayService }) {
  const { db, now, outbox, config } = platform;
  const wallet = walletReads(platform);
  return {
    async search(q: string) {
      return (await membersRepo.search(db, q, 20)).map(present);
    },

    /** Everything a worker needs about one member on one page; the ledger pages (`ledgerPage`, newest first). */
    async profile(id: number, ledgerPage = 1) {
      const row = await membersRepo.find(db, id);
      if (!row) throw new AppError('not_found');
      const [balances, ledger, orders, deposits, debt, responsiblePlay] = await Promise.all([
        wallet.balances(id),
        wallet.ledger(id, ledgerPage, LEDGER_PAGE_SIZE),
        deps.orders.list(id, { page: 1, pageSize: 20 }),
        deps.deposits.list(id, 1, 20),
        deps.deposits.debt(id),
        // Issue 32: the age check, limits and breaks, read-only (nobody on the staff lifts a break).
        deps.play.staffView(id),
      ]);
      return { member: present(row), ...balances, debt, ledger, orders, deposits, responsiblePlay };
    },

    /** Members who owe points (a refunded or charged-back deposit whose points were spent), oldest debt first. */
    async debtors() {
      const rows = await membersRepo.openDebts(db, 200);
      return rows.map((r) => ({
        id: String(r.id),
        userId: String(r.user_id),
        name: r.name,
        email: r.email,
        amount: r.amount,
        remaining: r.remaining,
        refType: r.ref_type,
        refId: r.ref_id,
        createdAt: iso(r.created_at),
      }));
    },

    /** Locked: sign-in refused (`account_locked`), every session ended with its sockets; audited with the reason. Never one's own (`own_account`). */
    async setLocked(actor: StaffActor, id: number, locked: boolean, reason: string) {
      if (id === actor.id) throw new AppError('own_account'); // nobody locks or unlocks their own account
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
