import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { configuredProviders } from '../../src/auth/oidc-client.ts';
import { apiClient, call } from '../http/api-client.ts';
import { startMailSink } from '../mail/mail-sink.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { CHANNEL_ID, CHANNEL_SECRET, CODE_TTL_SECONDS, signInAtProvider, startLineProvider } from './line-provider.ts';

/**
 * LINE Login end to end against a real OpenID Connect provider started here (oidc-provider,
 * configured like LINE: PKCE, client_secret_post, HS256 ID tokens signed with the channel secret).
 */
describe('Log in with LINE', () => {
  let line: Awaited<ReturnType<typeof startLineProvider>>;
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let sink: Awaited<ReturnType<typeof startMailSink>>;
  const unique = () => Math.random().toString(36).slice(2, 10);

  beforeAll(async () => {
    line = await startLineProvider();
    sink = await startMailSink();
    env = await testServer('embedded', { LINE_CHANNEL_ID: CHANNEL_ID, LINE_CHANNEL_SECRET: CHANNEL_SECRET, LINE_ISSUER_URL: line.issuer, SMTP_URL: sink.url });
    await line.attach(env.url);
    api = apiClient(env.url);
  });
  afterAll(async () => {
    await env?.stop();
    await line?.close();
    await sink?.close();
  });

  const callbackPrefix = () => `${env.url}/api/auth/oidc/line/callback`;

  /**
   * Where the provider sends the browser back after `login` signs in there, and the flow cookie the
   * browser that started it holds (`browser`: what it sends back to our callback and result routes).
   */
  async function authorizeAs(login: string, token?: string) {
    const start = token ? await api.post('/api/account/logins/line/link', { token }) : await api.post('/api/auth/oidc/line/start', { json: {} });
    expect(start.status).toBe(200);
    const browser = start.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).join('; ');
    expect(browser).toMatch(/^gp_oidc=/);
    return { url: start.body.url as string, callback: await signInAtProvider(start.body.url, login, callbackPrefix()), browser };
  }

  /** The browser arriving at our callback: where it is sent next (the client's page with a ticket or an error). */
  async function arrive(callback: string, browser?: string) {
    const res = await fetch(callback, { redirect: 'manual', headers: browser ? { cookie: browser } : {} });
    expect(res.status).toBe(303);
    const next = new URL(res.headers.get('location')!, env.url);
    expect(next.pathname).toBe('/auth/provider');
    return { ticket: next.searchParams.get('ticket'), error: next.searchParams.get('error') };
  }

  /** The client page collecting the outcome of `ticket`, in `browser`. */
  const collect = (ticket: string | null, browser?: string) => api.post('/api/auth/oidc/result', { json: { ticket }, headers: browser ? { cookie: browser } : {} });

  async function loginWithLine(login: string, token?: string) {
    const { callback, browser } = await authorizeAs(login, token);
    const { ticket } = await arrive(callback, browser);
    expect(ticket).toBeTruthy();
    const result = await collect(ticket, browser);
    expect(result.status).toBe(200);
    return { ...result.body, ticket, browser };
  }

  it('without a channel configured there is no provider, so no button', () => {
    expect(configuredProviders(loadConfig({}))).toEqual([]);
    expect(configuredProviders(loadConfig({ LINE_CHANNEL_ID: 'x', LINE_CHANNEL_SECRET: 'y' })).map((p) => p.id)).toEqual(['line']);
  });

  it('lists LINE and asks for code + PKCE (S256), state, nonce and the email scope', async () => {
    expect((await api.get('/api/auth/oidc/providers')).body).toEqual({ providers: [{ id: 'line', name: 'LINE' }] });
    const start = await api.post('/api/auth/oidc/line/start', { json: {} });
    const url = new URL(start.body.url);
    expect(url.origin).toBe(line.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
  });

  it('a LINE account with a new email signs up and in; the next LINE login finds the same account', async () => {
    const email = `line-${unique()}@example.com`;
    const first = await loginWithLine(email);
    expect(first.status).toBe('signed_in');
    expect(first.user.email).toBe(email);
    const me = await api.get('/api/me', { token: first.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);

    const again = await loginWithLine(email);
    expect(again).toMatchObject({ status: 'signed_in', user: { id: first.user.id } });
    // The ticket handed out a session once; showing it again gives nothing.
    expect((await collect(again.ticket, again.browser)).body.error.code).toBe('link_expired');

    // The provider is this account's only way in: it cannot be unlinked.
    const logins = await api.get('/api/account/logins', { token: first.token });
    expect(logins.body).toMatchObject({ passwordSet: false, emailVerified: true, providers: [{ id: 'line', linked: true, email }] });
    const unlink = await call(env.url, 'DELETE', '/api/account/logins/line', { token: first.token });
    expect(unlink.status).toBe(409);
    expect(unlink.body.error.code).toBe('last_login_method');
  });

  it('a LINE account without an email gets the spec message and no account', async () => {
    const result = await loginWithLine(`nomail-${unique()}`);
    expect(result).toMatchObject({ status: 'no_email', provider: 'line' });
  });

  it('the email of an existing account is never linked on the email alone: its password proves ownership once', async () => {
    const member = await newMember(env.services, 'Owner');
    const result = await loginWithLine(member.email);
    expect(result).toMatchObject({ status: 'link_required', email: member.email });

    const inBrowser = { cookie: result.browser as string };
    const wrong = await api.post('/api/auth/oidc/link-password', { json: { ticket: result.ticket, email: member.email, password: 'not-the-password' }, headers: inBrowser });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');

    const linked = await api.post('/api/auth/oidc/link-password', { json: { ticket: result.ticket, email: member.email, password: member.password }, headers: inBrowser });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ status: 'signed_in', user: { id: member.id } });
    // Used once: the same ticket links nothing again.
    expect(
      (await api.post('/api/auth/oidc/link-password', { json: { ticket: result.ticket, email: member.email, password: member.password }, headers: inBrowser })).body.error.code,
    ).toBe('link_expired');

    const next = await loginWithLine(member.email);
    expect(next).toMatchObject({ status: 'signed_in', user: { id: member.id } });
  });

  it('a tampered ID token is refused: Token verification failed, and nobody is signed in', async () => {
    const { callback, browser } = await authorizeAs(`tamper-${unique()}@example.com`);
    line.tamperNextIdToken();
    const { ticket } = await arrive(callback, browser);
    const result = await collect(ticket, browser);
    expect(result.body).toEqual({ status: 'failed', code: 'token_invalid', provider: 'line' });
    const victim = await api.post('/api/auth/login', { json: { email: 'victim@example.com', password: 'whatever-123' } });
    expect(victim.body.error.code).toBe('invalid_credentials');
  });

  it('a replayed state (the callback URL used twice) is refused', async () => {
    const { callback, browser } = await authorizeAs(`replay-${unique()}@example.com`);
    expect((await arrive(callback, browser)).ticket).toBeTruthy();
    expect(await arrive(callback, browser)).toEqual({ ticket: null, error: 'link_expired' });
  });

  it('a login started in another browser is refused at the callback and at collection (login CSRF, issue 29 item 8)', async () => {
    // An attacker starts a login with their own LINE account and sends the victim the callback URL.
    const attacker = await authorizeAs(`csrf-${unique()}@example.com`);
    expect(await arrive(attacker.callback)).toEqual({ ticket: null, error: 'link_expired' });
    const victimBrowser = (await authorizeAs(`victim-${unique()}@example.com`)).browser;
    expect(await arrive(attacker.callback, victimBrowser)).toEqual({ ticket: null, error: 'link_expired' });
    // Or completes it and sends the ticket link: the victim's browser cannot collect it either.
    const other = await authorizeAs(`csrf2-${unique()}@example.com`);
    const { ticket } = await arrive(other.callback, other.browser);
    expect(ticket).toBeTruthy();
    expect((await collect(ticket, victimBrowser)).body.error.code).toBe('link_expired');
    expect((await collect(ticket)).body.error.code).toBe('link_expired');
    // The browser that started it still can.
    expect((await collect(ticket, other.browser)).body).toMatchObject({ status: 'signed_in' });
  });

  it('a state nobody issued is refused', async () => {
    expect(await arrive(`${callbackPrefix()}?code=abc&state=made-up`)).toEqual({ ticket: null, error: 'link_expired' });
  });

  it('an authorization code that expired at the provider gives no sign-in', async () => {
    const { callback, browser } = await authorizeAs(`late-${unique()}@example.com`);
    // Past the code's lifetime at the provider, still inside our own 10-minute flow.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (CODE_TTL_SECONDS + 60) * 1000 });
    try {
      const { ticket } = await arrive(callback, browser);
      const result = await collect(ticket, browser);
      expect(result.body).toMatchObject({ status: 'failed', code: 'token_invalid' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a member links LINE on the account page once the email is verified, and unlinks it while the password remains', async () => {
    const member = await newMember(env.services, 'Linker');
    const refused = await api.post('/api/account/logins/line/link', { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('email_unverified');

    await env.platform.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', Number(member.id)).execute();
    const lineLogin = `linker-${unique()}`; // no email at LINE: linking needs none
    expect(await loginWithLine(lineLogin, member.token)).toMatchObject({ status: 'linked' });
    const logins = await api.get('/api/account/logins', { token: member.token });
    expect(logins.body).toMatchObject({ passwordSet: true, providers: [{ id: 'line', linked: true }] });

    // That LINE account now logs into this member.
    expect(await loginWithLine(lineLogin)).toMatchObject({ status: 'signed_in', user: { id: member.id } });

    // Another member cannot take it.
    const other = await newMember(env.services, 'Other');
    await env.platform.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', Number(other.id)).execute();
    expect(await loginWithLine(lineLogin, other.token)).toMatchObject({ status: 'failed', code: 'identity_taken' });

    // Unlinking asks for the password again (issue 29 item 3).
    const without = await call(env.url, 'DELETE', '/api/account/logins/line', { token: member.token });
    expect(without.status).toBe(401);
    expect(without.body.error.code).toBe('invalid_credentials');
    expect((await call(env.url, 'DELETE', '/api/account/logins/line', { token: member.token, json: { password: 'not-the-password' } })).status).toBe(401);
    expect((await api.get('/api/account/logins', { token: member.token })).body.providers[0].linked).toBe(true);
    expect((await call(env.url, 'DELETE', '/api/account/logins/line', { token: member.token, json: { password: member.password } })).status).toBe(204);
    expect((await api.get('/api/account/logins', { token: member.token })).body.providers[0].linked).toBe(false);
    // The owner heard of both, in their language (zh-TW): the link and the unlink.
    expect((await sink.mailTo(member.email, /已將 LINE 登入綁定到您的帳號/)).subject).toBe('您帳號的安全通知');
    await sink.mailTo(member.email, /解除 LINE 登入的綁定/);
  });
});
