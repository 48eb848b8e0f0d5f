import { type Kysely, sql } from 'kysely';

/**
 * The back office (issue 13): staff roles and sign-in, the audit trail, the order queue's leases
 * and ticket scans, four-eyes results, approvals of large adjustments, PIN batch lifecycle and
 * member locks.
 *
 * - `users.role` gains `supervisor`; `users.locked_at` locks a member out (sign-in and sessions).
 * - `sessions.staff`: a session opened by the staff sign-in (password + TOTP); `sessions.role`: the
 *   role it was opened with — a session whose user's role has changed since is over.
 * - `staff_totp` / `staff_recovery_codes`: the TOTP secret (enrolled on first sign-in) and the
 *   one-use recovery codes, stored as keyed hashes.
 * - `audit_log`: append-only. A trigger refuses UPDATE, DELETE and TRUNCATE, so not even a bug in
 *   our own code (or a console with the database password) can rewrite what staff did.
 * - `queue_claims`: who works which queue item, until `lease_until`. The primary key is the item,
 *   so of two workers claiming one free item exactly one insert (or conditional update) wins.
 * - `ticket_scans`: the scan or photo of an order's ticket, in the storage (local disk or S3).
 * - `result_entries`: one staff member's independent entry of a result; published when a second
 *   staff member's entry matches.
 * - `adjustments.status` gains `pending_approval` and `rejected` (above ADJUSTMENT_APPROVAL_POINTS).
 * - `pin_batches`: expiry, note, when the CSV was exported (once), when it was voided.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('member', 'operator', 'supervisor'))`.execute(db);
  await db.schema.alterTable('users').addColumn('locked_at', 'timestamptz').execute();

  await db.schema.alterTable('sessions').addColumn('staff', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.alterTable('sessions').addColumn('role', 'text').execute();

  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_user').on('staff_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('address', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('id desc').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id desc']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`create trigger audit_log_no_update before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);

  await db.schema
    .createTable('queue_claims')
    .addColumn('item_key', 'text', (c) => c.primaryKey())
    .addColumn('claimed_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ticket_scans')
    .addColumn('order_id', 'bigint', (c) => c.primaryKey().references('orders.id'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('result_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('keno_draw', 'football_event', 'lottery_draw')`))
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('result_entries_one_per_staff', ['target_type', 'target_id', 'staff_id'])
    .execute();

  await sql`alter table adjustments drop constraint adjustments_status_check`.execute(db);
  await sql`alter table adjustments add constraint adjustments_status_check check (status in ('queued', 'applied', 'refused', 'pending_approval', 'rejected'))`.execute(db);
  await db.schema.alterTable('adjustments').addColumn('decided_by', 'bigint', (c) => c.references('users.id')).execute();
  await db.schema.alterTable('adjustments').addColumn('decided_at', 'timestamptz').execute();

  await db.schema.alterTable('pin_batches').addColumn('expires_at', 'timestamptz').execute();
  await db.schema.alterTable('pin_batches').addColumn('note', 'text').execute();
  await db.schema.alterTable('pin_batches').addColumn('exported_at', 'timestamptz').execute();
  await db.schema.alterTable('pin_batches').addColumn('voided_at', 'timestamptz').execute();
  await db.schema.alterTable('pins').addColumn('voided_at', 'timestamptz').execute();

  await db.schema
    .createTable('staff_saved_views')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('staff_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('staff_saved_views_name', ['staff_id', 'name'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
