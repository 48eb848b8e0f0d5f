import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 (OWASP ASVS level 2), sessions:
 * - `last_seen_at`: when the session was last used (written at most once a minute), for the idle
 *   timeout (SESSION_IDLE_MINUTES) and the account page's session list;
 * - `address`, `user_agent`: where and with what it was opened, for that list (the owner reads
 *   them to recognise a session that is not theirs).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column last_seen_at timestamptz not null default now()`.execute(db);
  await sql`alter table sessions add column address text`.execute(db);
  await sql`alter table sessions add column user_agent text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column last_seen_at, drop column address, drop column user_agent`.execute(db);
}
