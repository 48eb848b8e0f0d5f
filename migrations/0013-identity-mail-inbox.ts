import { type Kysely, sql } from 'kysely';

/**
 * Issue 15: logging in through a messaging app (LINE, OpenID Connect), account recovery by email,
 * the member's inbox and conversations with customer service.
 *
 * - `users.email_verified_at`: set when the member follows the link of the verification email (or
 *   signed up through a provider that vouched for the address). Accounts that existed before this
 *   migration are taken as verified: nobody could have verified them, and they already play.
 *   `users.password_set`: false for accounts made through a provider (their `password_hash` is of
 *   a random secret nobody knows), so the provider is their last way in and cannot be unlinked.
 * - `user_identities`: an account's link to a provider's subject (`sub`); one per provider each way.
 * - `oidc_flows`: one login attempt at a provider, keyed by its `state`. It carries the PKCE
 *   verifier and the nonce (never sent to the browser), is consumed once at the callback (a replayed
 *   `state` finds it used), and leaves an `outcome` the client collects once with its `ticket`.
 * - `auth_tokens`: single-use, expiring links sent by email (password reset, email verification).
 *   Only a SHA-256 of the token is kept: a copy of the database opens no account.
 * - `inbox_messages`: what happened to the member, one row per cause (`cause` unique per member), so
 *   a job or outbox row delivered twice writes one message.
 * - `support_threads` / `support_messages`: conversations with customer service, optionally about
 *   one order.
 * - `notification_preferences`: which inbox kinds also go by email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('password_set', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`update users set email_verified_at = created_at`.execute(db);

  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .addUniqueConstraint('user_identities_one_per_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oidc_flows')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('login', 'link')`))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('ticket', 'text', (c) => c.unique())
    .addColumn('outcome', 'jsonb')
    .addColumn('outcome_taken_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('oidc_flows_expiry').on('oidc_flows').column('expires_at').execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password_reset', 'email_verify')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('inbox_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addUniqueConstraint('inbox_messages_one_per_cause', ['user_id', 'cause'])
    .execute();
  await sql`create index inbox_messages_page on inbox_messages (user_id, id desc) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('support_threads')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('member_read_at', 'timestamptz')
    .addColumn('staff_read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('support_threads_user').on('support_threads').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('thread_id', 'bigint', (c) => c.notNull().references('support_threads.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('member', 'staff')`))
    .addColumn('author_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachment_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_messages_thread').on('support_messages').columns(['thread_id', 'id']).execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_kinds', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notification_preferences', 'support_messages', 'support_threads', 'inbox_messages', 'auth_tokens', 'oidc_flows', 'user_identities']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('email_verified_at').dropColumn('password_set').execute();
}
