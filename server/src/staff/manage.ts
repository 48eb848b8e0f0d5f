import { isStaffRole, type StaffChallenge, type StaffRole } from '@gp/common';
import { insertInvitedStaffAccount, revokeSessionsOf, setAccountPassword } from '../auth/service.ts';
import type { Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { StaffActor } from './actor.ts';
import { hashEnrolmentToken, issueEnrolmentLink } from './enrolment.ts';
import { staffRepo } from './repo.ts';
import type { AuditWrite } from './service.ts';

type Deps = Pick<Platform, 'db' | 'secret' | 'now' | 'config' | 'outbox'> & {
  recordAudit: (trx: Tx, actor: StaffActor | null, entry: AuditWrite, at: Date) => Promise<void>;
  /** Step 1 of the sign-in (service.ts `login`): with the link's token, it answers the TOTP enrolment. */
  login: (email: string, password: string, address: string | null, enrolmentToken?: string) => Promise<StaffChallenge>;
};

/**
 * Managing colleagues (issue 31 item 7), supervisors only, each audited in the transaction that
 * does it, and none on oneself (`own_account`): inviting (a new staff account and the single-use
 * link of issue 28 — here it also sets the password), deactivating, and resetting an authenticator
 * (a lost phone without recovery codes: the old secret goes, a new link enrols a new one). A role
 * change is service.ts `setRole`. Every change that takes something away ends the colleague's
 * sessions in the same transaction.
 */
export function staffManagement(deps: Deps) {
  const { db, secret, now, config, outbox } = deps;

  /** The colleague `userId`, locked for the change: a staff account, not the actor's. */
  async function colleague(trx: Tx, actor: StaffActor, userId: number) {
    if (userId === actor.id) throw new AppError('own_account');
    const row = await staffRepo.lockUser(trx, userId);
    if (!row) throw new AppError('not_found');
    if (!isStaffRole(row.role)) throw new AppError('validation_failed', { fields: { id: 'invalid' } });
    return row;
  }

  return {
    /** A new staff account for `email` and its invitation link; `validation_failed` (`email`) when the address has an account (change its role instead). */
    async invite(actor: StaffActor, input: { email: string; name: string; role: StaffRole }): Promise<{ userId: number; token: string; expiresAt: string }> {
      return db.transaction().execute(async (trx) => {
        const created = await insertInvitedStaffAccount(trx, config, input);
        if (!created) throw new AppError('validation_failed', { fields: { email: 'invalid' } });
        const at = now();
        const link = await issueEnrolmentLink(trx, { secret, config }, { userId: created.id, issuedBy: actor.id, at });
        await deps.recordAudit(trx, actor, { action: 'staff.invited', targetType: 'user', targetId: created.id, after: { email: created.email, name: input.name, role: input.role, expiresAt: link.expiresAt.toISOString() } }, at);
        return { userId: created.id, token: link.token, expiresAt: link.expiresAt.toISOString() };
      });
    },

    /**
     * The invited colleague, from their link: chooses their password (once: while none is set),
     * then enrols their authenticator as any first sign-in does — the link is spent by that
     * enrolment. A used, expired or unknown link, or one whose password is set already, is
     * `link_expired`; so is a link of a deactivated account.
     */
    async acceptInvite(token: string, password: string, address: string | null): Promise<StaffChallenge> {
      const email = await db.transaction().execute(async (trx) => {
        const link = await staffRepo.usableLinkByHash(trx, hashEnrolmentToken(secret, token), now());
        const row = link && (await staffRepo.lockUser(trx, link.user_id));
        if (!link || !row || row.password_set || row.locked_at || !isStaffRole(row.role)) throw new AppError('link_expired');
        await setAccountPassword(trx, config, row.id, password);
        await deps.recordAudit(trx, { id: row.id, role: row.role, name: row.name, address }, { action: 'staff.password_set', targetType: 'user', targetId: row.id, after: { via: 'invitation' } }, now());
        return row.email;
      });
      return deps.login(email, password, address, token);
    },

    /** Deactivates a colleague: no sign-in any more, their sessions end now. Again: nothing changes. */
    async deactivate(actor: StaffActor, userId: number) {
      await db.transaction().execute(async (trx) => {
        const row = await colleague(trx, actor, userId);
        const at = now();
        if (!(await staffRepo.deactivate(trx, userId, at))) return;
        await revokeSessionsOf(trx, outbox, userId, at, config.SESSION_TTL_SECONDS * 1000);
        await deps.recordAudit(trx, actor, { action: 'staff.deactivated', targetType: 'user', targetId: userId, before: { active: true, role: row.role }, after: { active: false } }, at);
      });
      outbox.kick();
    },

    /** Forgets a colleague's authenticator and recovery codes, ends their sessions, and gives a new single-use enrolment link. */
    async resetTotp(actor: StaffActor, userId: number): Promise<{ token: string; expiresAt: string }> {
      const link = await db.transaction().execute(async (trx) => {
        const row = await colleague(trx, actor, userId);
        if (row.locked_at) throw new AppError('validation_failed', { fields: { id: 'invalid' } });
        const at = now();
        const forgotten = await staffRepo.forgetTotp(trx, userId);
        await revokeSessionsOf(trx, outbox, userId, at, config.SESSION_TTL_SECONDS * 1000);
        const issued = await issueEnrolmentLink(trx, { secret, config }, { userId, issuedBy: actor.id, at });
        await deps.recordAudit(trx, actor, { action: 'staff.totp_reset', targetType: 'user', targetId: userId, before: { enrolled: Boolean(forgotten) }, after: { enrolled: false, expiresAt: issued.expiresAt.toISOString() } }, at);
        return { token: issued.token, expiresAt: issued.expiresAt.toISOString() };
      });
      outbox.kick();
      return link;
    },
  };
}

