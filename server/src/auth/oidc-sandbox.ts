import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A sandbox LINE: a real OpenID Connect provider (panva's `oidc-provider`) configured the way LINE
 * Login v2.1 behaves for web logins, so the whole login can be tried and tested offline.
 *
 * Like LINE: authorization code only, PKCE (S256) required, the client authenticates with
 * `client_secret_post`, ID tokens are HS256-signed with the channel secret and carry `name`,
 * `picture` and — only when the `email` scope is granted and the account has one — `email`.
 *
 * Its login page is oidc-provider's development page: any login name, any password. The login name
 * is the account: one containing `@` is also its email (`alice@example.com`), any other has none
 * (`nomail-bob`), which is how a test or a demo tries LINE accounts without an email.
 */
export interface SandboxOptions {
  /** The issuer URL, as clients will reach it (may include a path when mounted under one). */
  issuer: string;
  clientId: string;
  /** At least 32 characters: HS256 signs with it. */
  clientSecret: string;
  redirectUris: string[];
  /** Seconds an authorization code stays valid (LINE: 10 minutes). */
  codeTtlSeconds?: number;
}

export function createLineSandbox(options: SandboxOptions): Provider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'HS256',
      },
    ],
    // LINE puts the profile and email claims in the ID token itself.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name', 'picture'], email: ['email'] },
    scopes: ['openid', 'profile', 'email'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    enabledJWA: { idTokenSigningAlgValues: ['HS256', 'RS256'] },
    ttl: { AuthorizationCode: options.codeTtlSeconds ?? 600, AccessToken: 3600, IdToken: 3600, Grant: 3600, Interaction: 600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        name: id.split('@')[0],
        picture: undefined,
        ...(id.includes('@') ? { email: id.toLowerCase() } : {}),
      }),
    }),
  };
  const provider = new Provider(options.issuer, configuration);
  // Behind a proxy that terminates TLS the issuer is https while the socket is not.
  provider.proxy = true;
  return provider;
}

/** The sandbox on a port of its own (the tests); resolves once it listens. */
export async function listenLineSandbox(options: SandboxOptions, port = 0, host = '127.0.0.1') {
  const provider = createLineSandbox(options);
  const handle = provider.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    provider,
    server,
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
