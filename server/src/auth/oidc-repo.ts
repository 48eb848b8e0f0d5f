import type { Executor } from '../db/database.ts';

/** What the client collects after a provider login (`oidc_flows.outcome`). */
export type OidcOutcome =
  | { status: 'signed_in'; userId: number }
  | { status: 'linked'; userId: number }
  /** An email/password account has this email but is not linked: its password proves ownership once. */
  | { status: 'link_required'; email: string; subject: string; identityEmail: string }
  | { status: 'no_email' }
  | { status: 'failed'; code: 'token_invalid' | 'identity_taken' | 'cancelled' | 'provider_unavailable' };

export interface NewFlow {
  state: string;
  provider: string;
  purpose: 'login' | 'link';
  userId: number | null;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  createdAt: Date;
  expiresAt: Date;
}

export const oidcRepo = {
  insertFlow(db: Executor, flow: NewFlow) {
    return db
      .insertInto('oidc_flows')
      .values({
        state: flow.state,
        provider: flow.provider,
        purpose: flow.purpose,
        user_id: flow.userId === null ? null : Number(flow.userId),
        nonce: flow.nonce,
        code_verifier: flow.codeVerifier,
        redirect_uri: flow.redirectUri,
        created_at: flow.createdAt,
        expires_at: flow.expiresAt,
      })
      .execute();
  },

  /**
   * Marks the flow of `state` used and returns it — once. A replayed or unknown state, or one past
   * its expiry, returns undefined: the conditional UPDATE is the single-use check, race-free.
   */
  consumeFlow(db: Executor, state: string, provider: string, now: Date) {
    return db
      .updateTable('oidc_flows')
      .set({ used_at: now })
      .where('state', '=', state)
      .where('provider', '=', provider)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['state', 'purpose', 'user_id', 'nonce', 'code_verifier', 'redirect_uri'])
      .executeTakeFirst();
  },

  setOutcome(db: Executor, state: string, ticket: string, outcome: OidcOutcome) {
    return db
      .updateTable('oidc_flows')
      .set({ ticket, outcome: JSON.stringify(outcome) })
      .where('state', '=', state)
      .execute();
  },

  findOutcome(db: Executor, ticket: string, now: Date) {
    return db
      .selectFrom('oidc_flows')
      .select(['state', 'provider', 'outcome', 'outcome_taken_at'])
      .where('ticket', '=', ticket)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Takes the outcome of `ticket` once (a session token or a link must not be handed out twice). */
  takeOutcome(db: Executor, ticket: string, now: Date) {
    return db
      .updateTable('oidc_flows')
      .set({ outcome_taken_at: now })
      .where('ticket', '=', ticket)
      .where('outcome_taken_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['provider', 'outcome'])
      .executeTakeFirst();
  },

  deleteExpiredFlows(db: Executor, before: Date) {
    return db.deleteFrom('oidc_flows').where('expires_at', '<', before).executeTakeFirst();
  },

  findIdentity(db: Executor, provider: string, subject: string) {
    return db.selectFrom('user_identities').select(['user_id', 'email']).where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  },

  /** Links; undefined when the subject or this member's slot for the provider is taken. */
  insertIdentity(db: Executor, identity: { provider: string; subject: string; userId: number; email: string | null }) {
    return db
      .insertInto('user_identities')
      .values({ provider: identity.provider, subject: identity.subject, user_id: Number(identity.userId), email: identity.email })
      .onConflict((oc) => oc.doNothing())
      .returning(['provider'])
      .executeTakeFirst();
  },

  listIdentities(db: Executor, userId: number) {
    return db.selectFrom('user_identities').select(['provider', 'email', 'created_at']).where('user_id', '=', Number(userId)).orderBy('created_at').execute();
  },

  deleteIdentity(db: Executor, userId: number, provider: string) {
    return db.deleteFrom('user_identities').where('user_id', '=', Number(userId)).where('provider', '=', provider).executeTakeFirst();
  },

  /** How the member can log in besides providers, and whether the email is verified. Locks the row. */
  loginMethodsForUpdate(db: Executor, userId: number) {
    return db.selectFrom('users').select(['password_set', 'email_verified_at']).where('id', '=', userId).forUpdate().executeTakeFirst();
  },

  loginMethods(db: Executor, userId: number) {
    return db.selectFrom('users').select(['password_set', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
  },
};
