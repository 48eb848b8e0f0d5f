import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 item 4 (ASVS 2.2, no account enumeration at sign-up): a sign-up no longer creates the
 * account. It leaves a pending sign-up, one per email (a newer one replaces the older), whoever the
 * email belongs to; the account is made when the 6-digit code mailed to that address comes back
 * (auth/signup.ts).
 *
 * - `request_id`: the sign-up request that wrote the row; its mail job sets a code only on its own row.
 * - `code_hash`: an HMAC of the code under the server secret (a 6-digit code is found from a plain
 *   hash in a second); null until the code is mailed, and forever for an email that already has an
 *   account (its owner is told instead, and no code can ever match).
 * - `wrong_tries`: codes tried against this row; the row dies at the fifth wrong one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_signups')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(email)`))
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('promo_opt_in', 'boolean', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_signups_expiry').on('pending_signups').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_signups').execute();
}
