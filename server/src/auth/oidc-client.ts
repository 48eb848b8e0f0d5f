import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config.ts';

/** One OpenID Connect provider members may log in with: LINE, or any other from OIDC_PROVIDERS. */
export interface OidcProviderSettings {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How its ID tokens are signed: LINE web logins use HS256 with the channel secret. */
  idTokenAlg: 'HS256' | 'RS256' | 'ES256' | 'PS256' | 'EdDSA';
  scope: string;
}

/** The channel the sandbox LINE registers when `LINE_SANDBOX` is on and no LINE channel is configured. */
export const SANDBOX_CHANNEL = { id: 'sandbox-line-channel', secret: 'sandbox-line-channel-secret-not-for-production' } as const;

/** The path the sandbox LINE is mounted at (LINE_SANDBOX). */
export const SANDBOX_PATH = '/sandbox/line';

/** This site's own address: PUBLIC_URL, or the local port. */
export const siteUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** The configured providers, LINE first. Without settings, none: the client shows no button. */
export function configuredProviders(config: Config): OidcProviderSettings[] {
  const providers: OidcProviderSettings[] = [];
  if (config.LINE_CHANNEL_ID && config.LINE_CHANNEL_SECRET) {
    providers.push({
      id: 'line',
      name: 'LINE',
      issuer: config.LINE_ISSUER_URL,
      clientId: config.LINE_CHANNEL_ID,
      clientSecret: config.LINE_CHANNEL_SECRET,
      idTokenAlg: 'HS256',
      scope: 'openid profile email',
    });
  } else if (config.LINE_SANDBOX) {
    providers.push({
      id: 'line',
      name: 'LINE',
      issuer: `${siteUrl(config)}${SANDBOX_PATH}`,
      clientId: SANDBOX_CHANNEL.id,
      clientSecret: SANDBOX_CHANNEL.secret,
      idTokenAlg: 'HS256',
      scope: 'openid profile email',
    });
  }
  for (const extra of config.OIDC_PROVIDERS) if (!providers.some((p) => p.id === extra.id)) providers.push(extra);
  return providers;
}

/** What we learned from the provider once the ID token checked out. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  name: string | null;
}

/** Why a login at the provider did not give a verified identity. */
export class OidcFailure extends Error {
  constructor(
    readonly reason: 'cancelled' | 'verification_failed' | 'unavailable',
    detail: string,
  ) {
    super(detail);
  }
}

const isLocal = (url: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url);

/**
 * openid-client (panva) for one provider: discovery (cached; retried after a failure), the
 * authorization URL with PKCE, state and nonce, and the code exchange. openid-client checks the
 * state, the ID token's `iss`, `aud`, `exp`, `iat` and `nonce`, but not its signature (it came
 * straight from the token endpoint over TLS, which OIDC allows); we verify the signature too, with
 * the channel secret for HS256 (LINE web login) or the provider's JWKS, because the issue asks for
 * a token we can stand behind and because an `http://localhost` sandbox has no TLS to lean on.
 */
export function createOidcClient(settings: OidcProviderSettings) {
  let discovered: Promise<client.Configuration> | undefined;
  const insecure = isLocal(settings.issuer);
  const configuration = () =>
    (discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        // LINE's discovery lists only ES256; its web-login ID tokens are HS256: say which we expect.
        { client_secret: settings.clientSecret, id_token_signed_response_alg: settings.idTokenAlg },
        client.ClientSecretPost(settings.clientSecret),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw new OidcFailure('unavailable', `discovery failed: ${String(error)}`);
      }));
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  // On the real clock, like openid-client's own claim checks: token lifetimes are the provider's.
  async function verifySignature(idToken: string, nonce: string): Promise<JWTPayload> {
    const options = { algorithms: [settings.idTokenAlg], issuer: (await configuration()).serverMetadata().issuer, audience: settings.clientId };
    let payload: JWTPayload;
    if (settings.idTokenAlg === 'HS256') {
      ({ payload } = await jwtVerify(idToken, new TextEncoder().encode(settings.clientSecret), options));
    } else {
      const uri = (await configuration()).serverMetadata().jwks_uri;
      if (!uri) throw new Error('the provider publishes no jwks_uri');
      jwks ??= createRemoteJWKSet(new URL(uri));
      ({ payload } = await jwtVerify(idToken, jwks, options));
    }
    if (payload.nonce !== nonce) throw new Error('nonce mismatch');
    return payload;
  }

  return {
    settings,
    async authorizationUrl(input: { state: string; nonce: string; codeVerifier: string; redirectUri: string }): Promise<string> {
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: input.redirectUri,
        scope: settings.scope,
        state: input.state,
        nonce: input.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /** Exchanges the callback's code; throws `OidcFailure` unless the ID token is sound. */
    async exchange(input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity> {
      const config = await configuration();
      let idToken: string | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        });
        idToken = tokens.id_token;
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') throw new OidcFailure('cancelled', error.message);
        throw new OidcFailure('verification_failed', `code exchange failed: ${String(error)}`);
      }
      if (!idToken) throw new OidcFailure('verification_failed', 'no id_token');
      let claims: JWTPayload;
      try {
        claims = await verifySignature(idToken, input.nonce);
      } catch (error) {
        throw new OidcFailure('verification_failed', `id_token rejected: ${String(error)}`);
      }
      if (typeof claims.sub !== 'string' || !claims.sub) throw new OidcFailure('verification_failed', 'id_token has no sub');
      const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : null;
      return { subject: claims.sub, email, name: typeof claims.name === 'string' ? claims.name : null };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
