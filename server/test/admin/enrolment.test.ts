import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { BACK_OFFICE_ENV, enrolmentToken, newStaff, staffSignIn } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEST_SECRET = 'test-secret-that-is-long-enough-to-be-valid-0123456789';

/** `npm run staff -- …` as whoever installs the platform runs it, against the test server's database. */
function runCli(args: string[], databaseUrl: string, stdin?: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/src/staff/cli.ts', ...args],
      { cwd: ROOT, timeout: 60_000, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, JWT_SECRET: TEST_SECRET, DATA_DIR: path.join(ROOT, '.tmp/test-data') } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

/**
 * Issue 28 item 1: a password alone never enrols a staff member's second factor. The first
 * supervisor comes from a one-time command with a generated password and a single-use link;
 * later staff get their link from a supervisor.
 */
describe('staff enrolment: single-use links, never the password alone', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let supervisor: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', BACK_OFFICE_ENV);
    api = apiClient(env.url);
    supervisor = await newStaff(env, 'supervisor', 'Sue');
  });
  afterAll(() => env.stop());

  const newOperator = async (name: string) => {
    const m = await newMember(env.services, name);
    await env.services.staff.setRole(null, Number(m.id), 'operator');
    return m;
  };
  const login = (email: string, password: string, enrolment?: string) => api.post('/api/admin/auth/login', { json: { email, password, ...(enrolment ? { enrolment } : {}) } });

  it('the right password of a staff member who never enrolled shows no secret: enrolment_required, and nothing is stored', async () => {
    const op = await newOperator('NoLink');
    const res = await login(op.email, op.password);
    expect(res).toMatchObject({ status: 403, body: { error: { code: 'enrolment_required' } } });
    expect(res.body.enrol).toBeUndefined();
    expect(await env.platform.db.selectFrom('staff_totp').select('user_id').where('user_id', '=', Number(op.id)).execute()).toEqual([]);
    // The wrong password still hears only invalid_credentials.
    expect((await login(op.email, 'not-the-password')).body.error.code).toBe('invalid_credentials');
  });

  it('a link enrols once (spent by the enrolment); someone else’s or an expired one never works', async () => {
    const op = await newOperator('Linked');
    const other = await newOperator('Other');
    const token = await enrolmentToken(env.platform, Number(op.id));
    // Another staff member's password with this link: refused.
    expect((await login(other.email, other.password, token)).body.error.code).toBe('link_expired');
    const first = await staffSignIn(env.url, op.email, op.password, token);
    expect(first.recoveryCodes).toHaveLength(10);
    // The enrolment spent the link.
    const links = await env.platform.db.selectFrom('staff_enrolment_links').select(['used_at']).where('user_id', '=', Number(op.id)).execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.used_at).not.toBeNull();
    // Enrolled now, the authenticator's code is asked for, never a new secret: not even with the link.
    const again = await login(op.email, op.password, token);
    expect(again.status).toBe(200);
    expect(again.body.enrol).toBeUndefined();
  });

  it('a supervisor issues a link (shown once, audited without its token) for a staff member not enrolled yet; an operator cannot', async () => {
    const op = await newOperator('Newcomer');
    const issued = await api.post(`/api/admin/staff/${op.id}/enrolment-link`, { token: supervisor.token });
    expect(issued.status).toBe(201);
    expect(issued.headers.get('cache-control')).toBe('no-store');
    const url = new URL(issued.body.url);
    expect(url.pathname).toBe('/admin');
    const token = /^#enrol=([\w-]+)$/.exec(url.hash)![1]!;
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_id', 'after']).where('action', '=', 'staff.enrolment_link_issued').where('target_id', '=', op.id).execute();
    expect(audit.map((a) => String(a.actor_id))).toEqual([supervisor.id]);
    expect(JSON.stringify(audit)).not.toContain(token);
    expect((await staffSignIn(env.url, op.email, op.password, token)).recoveryCodes).toHaveLength(10);

    // Enrolled now: no more links for them; nor for a member; an operator may not issue any.
    expect((await api.post(`/api/admin/staff/${op.id}/enrolment-link`, { token: supervisor.token })).body.error).toMatchObject({ code: 'validation_failed', fields: { id: 'invalid' } });
    const member = await newMember(env.services, 'JustAMember');
    expect((await api.post(`/api/admin/staff/${member.id}/enrolment-link`, { token: supervisor.token })).status).toBe(422);
    const operator = await newStaff(env, 'operator', 'Otto');
    expect((await api.post(`/api/admin/staff/${member.id}/enrolment-link`, { token: operator.token })).status).toBe(403);
  });

  it('a link works STAFF_ENROLMENT_LINK_HOURS, then never', async () => {
    const late = await newOperator('Late');
    const lateToken = await enrolmentToken(env.platform, Number(late.id));
    env.clock.advance((env.platform.config.STAFF_ENROLMENT_LINK_HOURS * 3600 + 1) * 1000);
    expect((await login(late.email, late.password, lateToken)).body.error.code).toBe('link_expired');
  });
});

describe('npm run staff: the first supervisor', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', BACK_OFFICE_ENV);
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('create: a supervisor with a generated password and a link that enrols them; a second create is refused', async () => {
    const made = await runCli(['create', '--email', 'Boss@Example.com', '--name', 'The Boss', '--url', env.url], env.platform.connectionString);
    expect(made.code, made.stderr).toBe(0);
    const password = /password:\s+(\S+)/.exec(made.stdout)![1]!;
    expect(password).toMatch(/^[2-9a-zA-Z]{24}$/);
    const url = new URL(/enrolment link:\s+(\S+)/.exec(made.stdout)![1]!);
    expect(url.origin).toBe(env.url);
    const token = url.hash.slice('#enrol='.length);

    // The password alone does not enrol; with the link it does, into a supervisor's staff session.
    expect((await api.post('/api/admin/auth/login', { json: { email: 'boss@example.com', password } })).body.error.code).toBe('enrolment_required');
    const session = await staffSignIn(env.url, 'boss@example.com', password, token);
    expect(session.user.role).toBe('supervisor');
    expect((await api.get('/api/admin/audit?action=staff.created', { token: session.token })).body.items[0]).toMatchObject({ actorRole: 'system', after: { role: 'supervisor', via: 'command line' } });

    const second = await runCli(['create', '--email', 'other@example.com', '--name', 'Other'], env.platform.connectionString);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('a supervisor already exists');
    expect(await env.platform.db.selectFrom('users').select('id').where('email', '=', 'other@example.com').execute()).toEqual([]);
  }, 120_000);

  it('create takes a password on stdin (12 characters at least); enrol-link issues a new link for staff not enrolled yet', async () => {
    const short = await runCli(['create', '--email', 'x@example.com', '--name', 'X', '--password-stdin'], env.platform.connectionString, 'short\n');
    expect(short.code).toBe(2);
    const m = await newMember(env.services, 'LateJoiner');
    await env.services.staff.setRole(null, Number(m.id), 'operator');
    const link = await runCli(['enrol-link', '--email', m.email], env.platform.connectionString);
    expect(link.code, link.stderr).toBe(0);
    const token = /#enrol=([\w-]+)/.exec(link.stdout)![1]!;
    expect((await staffSignIn(env.url, m.email, m.password, token)).user.role).toBe('operator');
    const again = await runCli(['enrol-link', '--email', m.email], env.platform.connectionString);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('enrolled an authenticator already');
  }, 120_000);

  it('a usage mistake prints the usage and touches nothing', async () => {
    for (const args of [[], ['create', '--email', 'nobody'], ['create', '--email', 'a@example.com'], ['remove', '--email', 'a@example.com']]) {
      const res = await runCli(args, env.platform.connectionString);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('usage:');
    }
  }, 120_000);
});
