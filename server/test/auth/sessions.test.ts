import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http/api-client.ts';
import { grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { balanceEvent, type ClientSocket } from '../support/sockets.ts';

/** A browser as the server sees one: it keeps the cookies it is given and sends them back. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    readonly url: string,
    readonly origin = url,
  ) {}

  /** Cookies as the Cookie header sends them. */
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(method: string, path: string, options: { json?: unknown; csrf?: string | null; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: this.cookie, origin: this.origin, ...options.headers };
    const csrf = options.csrf === undefined ? this.jar.get('gp_csrf') : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    const res = await call(this.url, method, path, { json: options.json, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value && !/Expires=Thu, 01 Jan 1970/i.test(line)) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return res;
  }
}

describe('sessions in cookies (issue 29 item 1)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded', { SESSION_TTL_SECONDS: String(12 * 3600), SESSION_IDLE_MINUTES: '30' });
  });
  afterAll(() => env?.stop());

  async function signedInBrowser(name = 'Cookie') {
    const member = await newMember(env.services, name);
    const browser = new Browser(env.url);
    const login = await browser.send('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
    expect(login.status).toBe(200);
    return { member, browser, login };
  }

  it('a sign-in sets an HttpOnly, SameSite=Strict session cookie and a readable CSRF cookie; the body keeps the token for API clients', async () => {
    const { browser, login } = await signedInBrowser();
    const cookies = login.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith('gp_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).toMatch(/Path=\/(;|$)/);
    expect(session).toMatch(/Expires=/);
    expect(cookies.find((line) => line.startsWith('gp_csrf='))).not.toMatch(/HttpOnly/);
    expect(login.body.token).toEqual(expect.any(String));
    // The cookie alone signs the browser in; a bearer token alone still works without any CSRF token.
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    expect((await call(env.url, 'GET', '/api/me', { token: login.body.token })).status).toBe(200);
    expect((await call(env.url, 'POST', '/api/auth/email/resend', { token: login.body.token })).status).toBe(202);
  });

  it('over https the cookies take the __Host- prefix and the Secure flag', async () => {
    const https = await testServer('embedded', { PUBLIC_URL: 'https://play.example.com' });
    try {
      const member = await newMember(https.services, 'Secure');
      const login = await call(https.url, 'POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
      const session = login.headers.getSetCookie().find((line) => line.startsWith('__Host-gp_session='))!;
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/Path=\//);
      expect(session).not.toMatch(/Domain=/);
      expect(login.headers.getSetCookie().find((line) => line.startsWith('__Host-gp_csrf='))).toMatch(/; Secure/);
    } finally {
      await https.stop();
    }
  });

  it('a state-changing request on the cookie needs its CSRF token; another site’s Origin is refused whatever it carries', async () => {
    const { browser } = await signedInBrowser();
    for (const csrf of [null, 'forged-token-that-is-not-the-sessions-hmac']) {
      const refused = await browser.send('POST', '/api/account/sessions/end-all', { csrf });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('csrf_failed');
    }
    // Another member's CSRF token does not fit this session.
    const other = await signedInBrowser('Other');
    expect((await browser.send('POST', '/api/account/sessions/end-all', { csrf: other.browser.jar.get('gp_csrf') })).status).toBe(403);
    const crossSite = new Browser(env.url, 'https://evil.example');
    for (const [name, value] of browser.jar) crossSite.jar.set(name, value);
    const fromElsewhere = await crossSite.send('POST', '/api/account/sessions/end-all');
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.body.error.code).toBe('csrf_failed');
    // None of that ended anything; the right token does.
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    expect((await browser.send('POST', '/api/account/sessions/end-all')).status).toBe(204);
    expect((await browser.send('GET', '/api/me')).status).toBe(401);
  });

  it('a session unused for 30 minutes is over; used within them it goes on, up to 12 hours after sign-in', async () => {
    const { browser } = await signedInBrowser('Idle');
    env.clock.advance(29 * 60_000);
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    // Used again 29 minutes later: 58 minutes after sign-in, within 30 of its last use.
    env.clock.advance(29 * 60_000);
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    env.clock.advance(31 * 60_000);
    const idle = await browser.send('GET', '/api/me');
    expect(idle.status).toBe(401);
    expect(idle.body.error.code).toBe('session_expired');

    const busy = await signedInBrowser('Busy');
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      env.clock.advance(25 * 60_000);
      expect((await busy.browser.send('GET', '/api/me')).status, `after ${minutes + 25} minutes`).toBe(200);
    }
    env.clock.advance(30 * 60_000);
    expect((await busy.browser.send('GET', '/api/me')).body.error.code).toBe('session_expired');
  });

  it('the account lists its live sessions; one can be ended, by its owner only; "log out everywhere" ends them all', async () => {
    const member = await newMember(env.services, 'Many');
    const laptop = new Browser(env.url);
    await laptop.send('POST', '/api/auth/login', { json: { email: member.email, password: member.password }, headers: { 'user-agent': 'Laptop Firefox' } });
    const phone = new Browser(env.url);
    await phone.send('POST', '/api/auth/login', { json: { email: member.email, password: member.password }, headers: { 'user-agent': 'Phone Chrome' } });
    const list = await laptop.send('GET', '/api/account/sessions');
    const items = list.body.items as Array<{ id: string; current: boolean; userAgent: string; address: string }>;
    // The sign-up's session too (newMember): three in all, this one marked.
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.current).map((item) => item.userAgent)).toEqual(['Laptop Firefox']);
    expect(items.find((item) => item.userAgent === 'Phone Chrome')).toMatchObject({ current: false, address: expect.stringContaining('127.0.0.1') });

    const phoneSession = items.find((item) => item.userAgent === 'Phone Chrome')!;
    const stranger = await signedInBrowser('Stranger');
    expect((await stranger.browser.send('DELETE', `/api/account/sessions/${phoneSession.id}`)).status).toBe(404);
    expect((await phone.send('GET', '/api/me')).status).toBe(200);
    expect((await laptop.send('DELETE', `/api/account/sessions/${phoneSession.id}`)).status).toBe(204);
    expect((await phone.send('GET', '/api/me')).status).toBe(401);
    expect((await laptop.send('GET', '/api/account/sessions')).body.items).toHaveLength(2);

    expect((await laptop.send('POST', '/api/account/sessions/end-all')).status).toBe(204);
    expect(laptop.jar.has('gp_session')).toBe(false);
    expect((await call(env.url, 'GET', '/api/me', { token: member.token })).status).toBe(401);
  });

  it('a password change needs the current password, refuses a leaked one, replaces this session and (if asked) ends the others', async () => {
    const { member, browser } = await signedInBrowser('Changer');
    const change = (json: Record<string, unknown>) => browser.send('POST', '/api/account/password', { json: { passwordCheck: json.password, ...json } });
    const wrong = await change({ currentPassword: 'not-the-password', password: 'brand-new-pass-29' });
    expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'invalid_credentials' } } });
    expect((await change({ currentPassword: member.password, password: 'qwerty123456' })).body.error.fields).toEqual({ password: 'password_breached' });
    expect((await change({ currentPassword: member.password, password: 'short' })).body.error.fields).toEqual({ password: 'password_too_short' });

    const before = browser.jar.get('gp_session');
    const kept = new Browser(env.url);
    await kept.send('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
    const keepOthers = await change({ currentPassword: member.password, password: 'brand-new-pass-29', endOtherSessions: false });
    expect(keepOthers.status).toBe(200);
    expect(browser.jar.get('gp_session')).not.toBe(before);
    expect((await call(env.url, 'GET', '/api/me', { headers: { cookie: `gp_session=${before}` } })).status).toBe(401);
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    expect((await kept.send('GET', '/api/me')).status).toBe(200);

    const endOthers = await change({ currentPassword: 'brand-new-pass-29', password: 'another-new-pass-29' });
    expect(endOthers.status).toBe(200);
    expect((await kept.send('GET', '/api/me')).status).toBe(401);
    expect((await browser.send('GET', '/api/me')).status).toBe(200);
    expect((await call(env.url, 'POST', '/api/auth/login', { json: { email: member.email, password: 'another-new-pass-29' } })).status).toBe(200);
  });

  it('privileges change, the session goes: a member made operator signs in again and gets a new session', async () => {
    const { member, browser } = await signedInBrowser('Promoted');
    const oldSession = browser.jar.get('gp_session');
    await env.services.staff.setRole(null, Number(member.id), 'operator');
    expect((await browser.send('GET', '/api/me')).status).toBe(401);
    await browser.send('POST', '/api/auth/login', { json: { email: member.email, password: member.password } });
    expect(browser.jar.get('gp_session')).not.toBe(oldSession);
    expect((await browser.send('GET', '/api/me')).body.user.role).toBe('operator');
  });

  it('Socket.IO signs a browser in from its session cookie, and refuses a handshake from another site', async () => {
    const { member, browser } = await signedInBrowser('Socket');
    const open = (origin: string) =>
      new Promise<ClientSocket>((resolve, reject) => {
        const socket: ClientSocket = io(env.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { session: true }, extraHeaders: { cookie: browser.cookie, origin } });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => {
          socket.close();
          reject(error);
        });
      });
    await expect(open('https://evil.example')).rejects.toThrow();
    const socket = await open(env.url);
    try {
      const pushed = balanceEvent(socket, 1_234);
      await grantPoints(env.platform, Number(member.id), 1_234);
      await env.platform.bus.publish({ room: `user:${member.id}`, event: 'balance', payload: { balance: 1_234, trialBalance: 0, at: new Date().toISOString() } });
      await pushed;
    } finally {
      socket.close();
    }
  });
});
