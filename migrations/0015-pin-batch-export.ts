import { type Kysely, sql } from 'kysely';

/**
 * Issue 13: PIN batches exported once.
 *
 * - `pins.code_sealed`: the plain code, sealed (AES-256-GCM under a key derived from the server
 *   secret), kept only from the batch's issue until its one CSV export, which clears it. After the
 *   export only the keyed hash remains, as before: a later copy of the database holds no codes.
 * - `pin_batches.exported_by` / `voided_by`: who exported and who voided (the audit log has the rest).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pins').addColumn('code_sealed', 'text').execute();
  await db.schema.alterTable('pin_batches').addColumn('exported_by', 'bigint', (c) => c.references('users.id')).execute();
  await db.schema.alterTable('pin_batches').addColumn('voided_by', 'bigint', (c) => c.references('users.id')).execute();
  await sql`create index pins_batch on pins (batch_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index pins_batch`.execute(db);
  await db.schema.alterTable('pin_batches').dropColumn('exported_by').dropColumn('voided_by').execute();
  await db.schema.alterTable('pins').dropColumn('code_sealed').execute();
}
