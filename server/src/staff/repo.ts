import type { AuditQuery } from '@gp/common';
import { sql } from 'kysely';
import type { Executor, Tx } from '../db/database.ts';

/** Staff accounts' second factor, their roles, and the append-only audit log. */
export const staffRepo = {
  totp(db: Executor, userId: number) {
    return db.selectFrom('staff_totp').select(['secret', 'enrolled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
  },

  /** A fresh secret for a user who has not finished enrolling (an enrolled secret is never replaced here). */
  async startEnrolment(db: Executor, userId: number, sealedSecret: string) {
    await db
      .insertInto('staff_totp')
      .values({ user_id: userId, secret: sealedSecret })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: sealedSecret, last_step: null }).where('staff_totp.enrolled_at', 'is', null))
      .execute();
  },

  /**
   * Records a used time step. Conditional on it being newer than the last one, so two sign-ins
   * racing with one code: exactly one gets the row back.
   */
  useStep(db: Executor, userId: number, step: number, enrolledAt: Date) {
    return db
      .updateTable('staff_totp')
      .set((eb) => ({ last_step: step, enrolled_at: eb.fn.coalesce('enrolled_at', eb.val(enrolledAt)) }))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
  },

  async replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
    await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    await db.insertInto('staff_recovery_codes').values(hashes.map((code_hash) => ({ user_id: userId, code_hash }))).execute();
  },

  /** Spends a recovery code: conditional on `used_at is null`, so a code works once. */
  useRecoveryCode(db: Executor, userId: number, hash: string, at: Date) {
    return db
      .updateTable('staff_recovery_codes')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  },

  /** A single-use enrolment link (its token only as a keyed hash). */
  insertEnrolmentLink(db: Executor, link: { userId: number; tokenHash: string; issuedBy: number | null; createdAt: Date; expiresAt: Date }) {
    return db
      .insertInto('staff_enrolment_links')
      .values({ user_id: link.userId, token_hash: link.tokenHash, issued_by: link.issuedBy, created_at: link.createdAt, expires_at: link.expiresAt })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  },

  /** The link of `tokenHash` when it is `userId`'s, unused and unexpired at `at`. */
  usableEnrolmentLink(db: Executor, tokenHash: string, userId: number, at: Date) {
    return db
      .selectFrom('staff_enrolment_links')
      .select(['id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
  },

  /** Spends the link: conditional on `used_at is null` and its expiry, so it enrols once. */
  useEnrolmentLink(db: Executor, linkId: number, userId: number, at: Date) {
    return db
      .updateTable('staff_enrolment_links')
      .set({ used_at: at })
      .where('id', '=', linkId)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('id')
      .executeTakeFirst();
  },

  /** Serializes `npm run staff -- create` runs until the transaction ends. */
  async lockFirstSupervisor(trx: Tx) {
    await sql`select pg_advisory_xact_lock(hashtext('first-supervisor'))`.execute(trx);
  },

  /** Whether any supervisor exists (the first one is made by `npm run staff -- create`, once). */
  async anySupervisor(db: Executor) {
    return Boolean(await db.selectFrom('users').select('id').where('role', '=', 'supervisor').limit(1).executeTakeFirst());
  },

  staff(db: Executor) {
    return db
      .selectFrom('users')
      .leftJoin('staff_totp', 'staff_totp.user_id', 'users.id')
      .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.locked_at', 'users.password_set', 'staff_totp.enrolled_at'])
      .where('users.role', 'in', ['operator', 'supervisor'])
      .orderBy('users.id')
      .limit(500)
      .execute();
  },

  /** Locks the user's row for a role change; returns the role it had. */
  lockUser(db: Executor, userId: number) {
    return db.selectFrom('users').select(['id', 'role', 'email', 'name', 'locked_at', 'password_set']).where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  /** The unused, unexpired enrolment link of `tokenHash`, whoever it is for (an invitation names its colleague by itself). */
  usableLinkByHash(db: Executor, tokenHash: string, at: Date) {
    return db.selectFrom('staff_enrolment_links').select(['id', 'user_id']).where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', at).executeTakeFirst();
  },

  /** Deactivates a staff account (the same lock a member's account has: no sign-in, no session). */
  deactivate(db: Executor, userId: number, at: Date) {
    return db.updateTable('users').set({ locked_at: at }).where('id', '=', userId).where('locked_at', 'is', null).returning('id').executeTakeFirst();
  },

  /** Forgets a staff member's authenticator and recovery codes: the next sign-in enrols again, with a new link. */
  async forgetTotp(db: Executor, userId: number) {
    await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    return db.deleteFrom('staff_totp').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  },

  setRole(db: Executor, userId: number, role: 'member' | 'operator' | 'supervisor') {
    return db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  },

  /** The seeded operator becomes a supervisor (issue 13), once: only an `operator` row changes. */
  promote(db: Executor, email: string) {
    return db.updateTable('users').set({ role: 'supervisor' }).where('email', '=', email.toLowerCase()).where('role', '=', 'operator').returning('id').executeTakeFirst();
  },

  /** Serializes the money one staff member moves (`null`: the system) until the transaction ends. */
  async lockMoneyOf(trx: Tx, staffId: number | null) {
    await sql`select pg_advisory_xact_lock(hashtext('staff-money'), ${Number(staffId ?? 0)}::int)`.execute(trx);
  },

  /**
   * GP hundredths moved by `staffId` since `since` without a second person: adjustments that went
   * straight to the queue (never pending, never decided by a supervisor; a refused debit counts, it
   * was asked for), PIN batches that needed no approval (their full value, voided or not) and
   * withdrawals approved alone (issue 33; one rejected after approval no longer counts), and bank returns
   * of paid withdrawals confirmed alone (their points went back to the member).
   * Read here, beside the staff member’s lock, though the rows belong to admin, pins and withdrawals.
   */
  async selfApprovedSince(trx: Tx, staffId: number | null, since: Date) {
    const { rows } = await sql<{ total: string | number }>`
      select
        (select coalesce(sum(abs(amount)), 0) from adjustments
          where operator_id = ${staffId} and created_at >= ${since} and decided_by is null and status in ('queued', 'applied', 'refused'))
        +
        (select coalesce(sum(count::bigint * points), 0) from pin_batches
          where created_by is not distinct from ${staffId}::bigint and created_at >= ${since} and approval = 'not_needed')
        +
        (select coalesce(sum(amount), 0) from withdrawals
          where approved_by = ${staffId} and approved_at >= ${since} and first_approved_by is null and state in ('approved', 'paid'))
        +
        (select coalesce(sum(amount), 0) from withdrawals
          where closed_by = ${staffId} and closed_at >= ${since} and state = 'returned' and return_first_by is null)
        as total`.execute(trx);
    return Number(rows[0]?.total ?? 0);
  },

  async appendAudit(
    db: Executor,
    entry: { actorId: number | null; actorRole: string; action: string; targetType: string; targetId: number | string | null; before: unknown; after: unknown; address: string | null; at: Date },
  ) {
    await db
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId,
        actor_role: entry.actorRole,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId === null ? null : String(entry.targetId),
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        address: entry.address,
        at: entry.at,
      })
      .execute();
  },

  /** Audit entries, newest first, each with its actor's name (the console names people, not numbers). */
  audit(db: Executor, query: AuditQuery) {
    let q = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id').selectAll('audit_log').select('users.name as actor_name');
    if (query.actorId) q = q.where('audit_log.actor_id', '=', query.actorId);
    if (query.action) q = q.where('audit_log.action', '=', query.action);
    if (query.targetType) q = q.where('audit_log.target_type', '=', query.targetType);
    if (query.targetId) q = q.where('audit_log.target_id', '=', query.targetId);
    if (query.before) q = q.where('audit_log.id', '<', query.before);
    return q.orderBy('audit_log.id', 'desc').limit(query.limit).execute();
  },
};
