import type { Executor } from '../db/database.ts';

export type TokenPurpose = 'password_reset' | 'email_verify';

export const recoveryRepo = {
  /** Ends the member's live tokens of this purpose (only the newest link works). */
  retireTokens(db: Executor, userId: number, purpose: TokenPurpose, at: Date) {
    return db
      .updateTable('auth_tokens')
      .set({ used_at: at })
      .where('user_id', '=', Number(userId))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  },

  insertToken(db: Executor, token: { hash: string; userId: number; purpose: TokenPurpose; createdAt: Date; expiresAt: Date }) {
    return db
      .insertInto('auth_tokens')
      .values({ token_hash: token.hash, user_id: Number(token.userId), purpose: token.purpose, created_at: token.createdAt, expires_at: token.expiresAt })
      .execute();
  },

  /** Uses the token once: a conditional UPDATE, so two clicks at once cannot both succeed. */
  consumeToken(db: Executor, hash: string, purpose: TokenPurpose, at: Date) {
    return db
      .updateTable('auth_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('user_id')
      .executeTakeFirst();
  },

  setPassword(db: Executor, userId: number, passwordHash: string) {
    return db.updateTable('users').set({ password_hash: passwordHash, password_set: true }).where('id', '=', userId).execute();
  },

  markEmailVerified(db: Executor, userId: number, at: Date) {
    return db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
  },

  contactOf(db: Executor, userId: number) {
    return db.selectFrom('users').select(['email', 'locale', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  },

  deleteStaleTokens(db: Executor, before: Date) {
    return db.deleteFrom('auth_tokens').where('expires_at', '<', before).executeTakeFirst();
  },
};
