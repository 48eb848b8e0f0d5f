import { isStaffRole } from '@gp/common';
import { findAccountByEmail, insertStaffAccount } from '../auth/service.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { issueEnrolmentLink } from './enrolment.ts';
import { staffRepo } from './repo.ts';
import { recordAudit } from './service.ts';

type Context = { db: Db; secret: Uint8Array; config: Config };

/**
 * `npm run staff -- create`: the deployment's first supervisor, with `password` and a single-use
 * enrolment link; audited as the system. Refused once any supervisor exists: from then on a
 * supervisor adds staff (a member promoted in the console, then an enrolment link for them).
 */
export async function createFirstSupervisor(ctx: Context, input: { email: string; name: string; password: string }, auditExtra: Record<string, unknown>) {
  return ctx.db.transaction().execute(async (trx) => {
    // Two of these at once: one waits for the other, then finds its supervisor.
    await staffRepo.lockFirstSupervisor(trx);
    if (await staffRepo.anySupervisor(trx)) {
      throw new Error('a supervisor already exists: further staff are added by a supervisor in the console (and get an enrolment link there)');
    }
    const at = new Date();
    const user = await insertStaffAccount(trx, ctx.config, { ...input, role: 'supervisor' });
    const link = await issueEnrolmentLink(trx, ctx, { userId: user.id, issuedBy: null, at });
    await recordAudit(trx, null, { action: 'staff.created', targetType: 'user', targetId: user.id, after: { role: 'supervisor', email: user.email, ...auditExtra } }, at);
    return link;
  });
}

/** `npm run staff -- enrol-link`: a new link for a staff member who has not enrolled yet (the first one lapsed). */
export async function issueLinkByEmail(ctx: Context, email: string, auditExtra: Record<string, unknown>) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findAccountByEmail(trx, email);
    if (!row || !isStaffRole(row.role)) throw new Error(`no staff account ${email}`);
    const userId = row.id;
    if ((await staffRepo.totp(trx, userId))?.enrolled_at) throw new Error(`${email} has enrolled an authenticator already (a lost one: their recovery codes)`);
    const at = new Date();
    const link = await issueEnrolmentLink(trx, ctx, { userId, issuedBy: null, at });
    await recordAudit(trx, null, { action: 'staff.enrolment_link_issued', targetType: 'user', targetId: userId, after: { expiresAt: link.expiresAt.toISOString(), ...auditExtra } }, at);
    return link;
  });
}
