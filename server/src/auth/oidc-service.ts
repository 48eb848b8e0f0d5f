import crypto from 'node:crypto';
import argon2 from 'argon2';
import * as oidc from 'openid-client';
import type { AccountLogins, OidcProviderInfo, OidcResult } from '@gp/common';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { walletService } from '../wallet/service.ts';
import { configuredProviders, createOidcClient, OidcFailure, type OidcClient } from './oidc-client.ts';
import { oidcRepo, type OidcOutcome } from './oidc-repo.ts';
import { authRepo } from './repo.ts';
import { sendAccountNotice } from './account-notices.ts';
import { hashPassword, NO_CONTEXT, type AuthService, type SessionContext, type SignedIn } from './service.ts';

/** How long a login at the provider may take, from our redirect to the client collecting its outcome. */
const FLOW_TTL_MS = 10 * 60 * 1000;

export type OidcService = ReturnType<typeof createOidcService>;

/** What collecting a provider login's outcome comes to: a new session, or what the client page shows. */
export type OidcCollected = Exclude<OidcResult, { status: 'signed_in' }> | { status: 'signed_in'; signedIn: SignedIn };

/** The browser collecting a flow's outcome must be the one that started it (its flow cookie holds the state). */
const sameBrowser = (flowState: string, browserState: string | undefined) =>
  typeof browserState === 'string' && browserState.length === flowState.length && crypto.timingSafeEqual(Buffer.from(browserState), Buffer.from(flowState));

/**
 * Logging in through OpenID Connect providers (LINE first), and the links between accounts and
 * providers. The linking rules of issue 15:
 *
 * - a provider identity already linked to an account logs into that account;
 * - one with an email no account uses creates an account (the provider vouched for the email);
 * - one whose email an existing account uses is NOT linked on the email alone: the account's
 *   password proves ownership once (`linkWithPassword`), then the link is made;
 * - one without an email cannot make an account (spec §8 `messaging_email_unbound`): register
 *   another way;
 * - a signed-in member with a verified email links and unlinks on the account page, but never
 *   unlinks the last way to log in.
 *
 * The provider redirects the browser to our callback; the callback records an outcome and sends
 * the browser to the client page `/auth/provider?ticket=…`, which collects it once. The session
 * token never travels in a URL.
 */
export function createOidcService(platform: Pick<Platform, 'db' | 'now' | 'config' | 'logger' | 'outbox' | 'rateLimiter'>, auth: AuthService) {
  const { db, now, config, logger } = platform;
  /** Tells the account's owner a login was linked or unlinked (issue 29 item 3). */
  const notify = async (userId: number, event: 'provider_linked' | 'provider_unlinked', provider: string, context: SessionContext) => {
    const row = await authRepo.findUserById(db, userId);
    if (row) await sendAccountNotice(platform, { id: userId, email: row.email, locale: row.locale }, event, context, { provider: nameOf(provider) });
  };
  const clients = new Map<string, OidcClient>(configuredProviders(config).map((settings) => [settings.id, createOidcClient(settings)]));
  const clientOf = (id: string) => {
    const found = clients.get(id);
    if (!found) throw new AppError('not_found');
    return found;
  };
  const nameOf = (id: string) => clients.get(id)?.settings.name ?? id;

  async function decide(
    provider: string,
    flow: { purpose: string; user_id: number | null },
    identity: { subject: string; email: string | null; name: string | null },
  ): Promise<OidcOutcome> {
    const linked = await oidcRepo.findIdentity(db, provider, identity.subject);
    if (flow.purpose === 'link') {
      const userId = flow.user_id!; // a link flow is opened by a signed-in member (oidc-repo's startFlow)
      if (linked) return linked.user_id === userId ? { status: 'linked', userId } : { status: 'failed', code: 'identity_taken' };
      const inserted = await oidcRepo.insertIdentity(db, { provider, subject: identity.subject, userId, email: identity.email });
      return inserted ? { status: 'linked', userId } : { status: 'failed', code: 'identity_taken' };
    }
    if (linked) return { status: 'signed_in', userId: linked.user_id };
    const email = identity.email;
    if (!email) return { status: 'no_email' };
    const existing = await authRepo.findUserByEmail(db, email);
    if (existing) return { status: 'link_required', email: existing.email, subject: identity.subject, identityEmail: email };
    const userId = await db.transaction().execute(async (trx) => {
      const user = await authRepo.insertUser(trx, {
        name: (identity.name ?? email.split('@')[0] ?? 'Member').slice(0, 100),
        email,
        // Nobody knows this password: the provider is this account's way in until one is set.
        password_hash: await hashPassword(config, crypto.randomBytes(32).toString('base64url')),
        password_set: false,
        email_verified_at: now(),
        role: 'member',
        locale: 'zh-TW',
        promo_opt_in: false,
      });
      if (!user) return undefined; // the email was taken in between: treat as an existing account
      await walletService.open(trx, user.id);
      await oidcRepo.insertIdentity(trx, { provider, subject: identity.subject, userId: user.id, email });
      return user.id;
    });
    if (!userId) return { status: 'link_required', email, subject: identity.subject, identityEmail: email };
    return { status: 'signed_in', userId };
  }

  return {
    providers(): OidcProviderInfo[] {
      return [...clients.values()].map(({ settings }) => ({ id: settings.id, name: settings.name }));
    },

    /** The provider's authorization URL for a new flow (PKCE verifier and nonce stay with us). */
    async start(provider: string, purpose: 'login' | 'link', userId: number | null, redirectUri: string): Promise<{ url: string; state: string }> {
      const client = clientOf(provider);
      if (purpose === 'link') {
        if (!userId) throw new AppError('unauthorized');
        const methods = await oidcRepo.loginMethods(db, userId);
        if (!methods?.email_verified_at) throw new AppError('email_unverified');
      }
      const flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      let url: string;
      try {
        url = await client.authorizationUrl({ ...flow, redirectUri });
      } catch (error) {
        logger.warn({ err: error, provider }, 'OIDC provider unavailable');
        throw new AppError('provider_unavailable');
      }
      const at = now();
      await oidcRepo.insertFlow(db, {
        ...flow,
        provider,
        purpose,
        userId: purpose === 'link' ? userId : null,
        redirectUri,
        createdAt: at,
        expiresAt: new Date(at.getTime() + FLOW_TTL_MS),
      });
      return { url, state: flow.state };
    },

    /**
     * The provider sent the browser back with `query`. Returns the ticket of the recorded outcome,
     * or throws `link_expired` when the state is unknown, expired or already used (a replay), or
     * when this browser did not start the flow (`browserState`, its flow cookie: login CSRF).
     */
    async callback(provider: string, query: Record<string, string>, browserState: string | undefined, context: SessionContext = NO_CONTEXT): Promise<string> {
      const client = clientOf(provider);
      if (!query.state || !sameBrowser(query.state, browserState)) throw new AppError('link_expired');
      const flow = await oidcRepo.consumeFlow(db, query.state, provider, now());
      if (!flow) throw new AppError('link_expired');
      const callbackUrl = new URL(flow.redirect_uri);
      for (const [key, value] of Object.entries(query)) callbackUrl.searchParams.set(key, value);
      let outcome: OidcOutcome;
      try {
        const identity = await client.exchange({ callbackUrl, state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
        outcome = await decide(provider, flow, identity);
        if (outcome.status === 'linked' && flow.purpose === 'link') await notify(outcome.userId, 'provider_linked', provider, context);
      } catch (error) {
        if (!(error instanceof OidcFailure)) throw error;
        logger.warn({ provider, reason: error.reason, detail: error.message }, 'OIDC login refused');
        outcome = {
          status: 'failed',
          code: error.reason === 'cancelled' ? 'cancelled' : error.reason === 'unavailable' ? 'provider_unavailable' : 'token_invalid',
        };
      }
      const ticket = crypto.randomBytes(24).toString('base64url');
      await oidcRepo.setOutcome(db, flow.state, ticket, outcome);
      return ticket;
    },

    /** The outcome of a ticket, for the browser that started the flow. A sign-in hands out its session once; other outcomes may be read again. */
    async result(ticket: string, browserState: string | undefined, context: SessionContext = NO_CONTEXT): Promise<OidcCollected> {
      const found = await oidcRepo.findOutcome(db, ticket, now());
      if (!found?.outcome || !sameBrowser(found.state, browserState)) throw new AppError('link_expired');
      const outcome = found.outcome as OidcOutcome;
      const provider = found.provider;
      switch (outcome.status) {
        case 'signed_in': {
          if (!(await oidcRepo.takeOutcome(db, ticket, now()))) throw new AppError('link_expired');
          return { status: 'signed_in', signedIn: await auth.sessionFor(outcome.userId, context) };
        }
        case 'linked':
          return { status: 'linked', provider };
        case 'link_required':
          return { status: 'link_required', email: outcome.email, provider };
        case 'no_email':
          return { status: 'no_email', provider };
        case 'failed':
          return { status: 'failed', code: outcome.code, provider };
      }
    },

    /**
     * Links the provider identity of a `link_required` ticket to the account of `email` once its
     * password checks out, and signs in. A wrong password leaves the ticket usable (the route counts
     * failures like a login).
     */
    async linkWithPassword(ticket: string, email: string, password: string, browserState: string | undefined, context: SessionContext = NO_CONTEXT): Promise<{ status: 'signed_in'; signedIn: SignedIn }> {
      const found = await oidcRepo.findOutcome(db, ticket, now());
      const outcome = found?.outcome as OidcOutcome | undefined;
      if (!found || outcome?.status !== 'link_required' || found.outcome_taken_at || !sameBrowser(found.state, browserState)) throw new AppError('link_expired');
      if (outcome.email !== email) throw new AppError('invalid_credentials');
      const userId = await auth.verifyPassword(email, password);
      if (!(await oidcRepo.takeOutcome(db, ticket, now()))) throw new AppError('link_expired');
      const inserted = await oidcRepo.insertIdentity(db, { provider: found.provider, subject: outcome.subject, userId, email: outcome.identityEmail });
      if (!inserted) {
        const holder = await oidcRepo.findIdentity(db, found.provider, outcome.subject);
        if (holder?.user_id !== userId) throw new AppError('identity_taken');
      } else {
        await notify(userId, 'provider_linked', found.provider, context);
      }
      return { status: 'signed_in', signedIn: await auth.sessionFor(userId, context) };
    },

    async logins(userId: number): Promise<AccountLogins> {
      const [methods, identities] = await Promise.all([oidcRepo.loginMethods(db, userId), oidcRepo.listIdentities(db, userId)]);
      return {
        passwordSet: methods?.password_set ?? true,
        emailVerified: Boolean(methods?.email_verified_at),
        providers: [...clients.values()].map(({ settings }) => {
          const link = identities.find((identity) => identity.provider === settings.id);
          return {
            id: settings.id,
            name: nameOf(settings.id),
            linked: Boolean(link),
            email: link?.email ?? null,
            linkedAt: link ? new Date(link.created_at).toISOString() : null,
          };
        }),
      };
    },

    /**
     * Unlinks, unless it is the member's last way to log in (no password and no other provider).
     * A member with a password gives it again (`invalid_credentials` otherwise); the owner is told.
     */
    async unlink(userId: number, provider: string, password: string, context: SessionContext = NO_CONTEXT) {
      clientOf(provider);
      const account = await authRepo.findUserById(db, userId);
      const methods = await oidcRepo.loginMethods(db, userId);
      if (!account) throw new AppError('unauthorized');
      if (methods?.password_set !== false && !(await argon2.verify(account.password_hash, password))) throw new AppError('invalid_credentials');
      await db.transaction().execute(async (trx) => {
        // The user row is locked so two unlinks at once cannot both see "another way remains".
        const methods = await oidcRepo.loginMethodsForUpdate(trx, userId);
        const identities = await oidcRepo.listIdentities(trx, userId);
        if (!identities.some((identity) => identity.provider === provider)) throw new AppError('not_found');
        if (!methods?.password_set && identities.length <= 1) throw new AppError('last_login_method');
        await oidcRepo.deleteIdentity(trx, userId, provider);
      });
      await notify(userId, 'provider_unlinked', provider, context);
    },

    /** Housekeeping: flows past expiry by a day. */
    async purgeExpired() {
      const result = await oidcRepo.deleteExpiredFlows(db, new Date(now().getTime() - 24 * 3600 * 1000));
      return Number(result.numDeletedRows);
    },
  };
}
