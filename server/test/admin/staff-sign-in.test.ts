import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/** Issue 29 item 5: the staff sign-in's limits, its challenge's life, and its audit trail. */
describe('staff sign-in limits and audit', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    // Loopback is a trusted proxy: X-Forwarded-For stands in for distinct client addresses.
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, TRUST_PROXY: 'loopback', LOGIN_ADDRESS_MAX_FAILURES: '5', STAFF_LOGIN_MAX_FAILURES: '6', LOGIN_MAX_ATTEMPTS: '50' });
    api = apiClient(env.url);
  });
  afterAll(() => env?.stop());

  const challengeFor = async (staff: { email: string; password: string }, address: string) => {
    const login = await api.post('/api/admin/auth/login', { json: { email: staff.email, password: staff.password }, headers: from(address) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.challenge as string;
  };
  const verify = (challenge: string, code: string, address: string) => api.post('/api/admin/auth/verify', { json: { challenge, code }, headers: from(address) });
  const auditOf = async (userId: string) =>
    (await env.platform.db.selectFrom('audit_log').select(['action', 'address', 'after']).where('target_id', '=', userId).orderBy('id').execute()).map((row) => ({ action: row.action, address: row.address, after: row.after }));

  it('a challenge dies after 3 wrong codes: even the right code then answers session_expired, and the password step starts again', async () => {
    const staff = await newStaff(env, 'operator', 'Cora');
    const challenge = await challengeFor(staff, '198.51.100.1');
    for (const code of ['000000', '111111', '222222']) expect((await verify(challenge, code, '198.51.100.1')).body.error.code).toBe('totp_invalid');
    const right = await generate({ secret: staff.secret, epoch: Math.floor(env.clock.now().getTime() / 1000) + 30 });
    const dead = await verify(challenge, right, '198.51.100.1');
    expect(dead).toMatchObject({ status: 401, body: { error: { code: 'session_expired' } } });
    // A fresh challenge takes the same code.
    expect((await verify(await challengeFor(staff, '198.51.100.1'), right, '198.51.100.1')).status).toBe(200);
  });

  it('wrong codes are limited per staff account, whatever the address, and audited with the address', async () => {
    const staff = await newStaff(env, 'operator', 'Dina');
    // Six wrong codes from six addresses (two challenges): the account's limit.
    for (let i = 0; i < 6; i++) {
      const challenge = await challengeFor(staff, `203.0.113.${i}`);
      expect((await verify(challenge, '000000', `203.0.113.${i}`)).body.error.code).toBe('totp_invalid');
    }
    const limited = await verify(await challengeFor(staff, '203.0.113.99'), '000000', '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const failures = (await auditOf(staff.id)).filter((entry) => entry.action === 'staff.code_failed');
    expect(failures).toHaveLength(6);
    expect(failures.map((entry) => entry.address)).toEqual(['203.0.113.0', '203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']);
  });

  it('a wrong staff password is audited against the account; a member’s email is not a staff account and leaves no entry', async () => {
    const staff = await newStaff(env, 'supervisor', 'Erin');
    const wrong = await api.post('/api/admin/auth/login', { json: { email: staff.email, password: 'not-the-password' }, headers: from('192.0.2.50') });
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect((await auditOf(staff.id)).filter((entry) => entry.action === 'staff.sign_in_failed')).toEqual([{ action: 'staff.sign_in_failed', address: '192.0.2.50', after: { reason: 'password' } }]);
    const member = await newMember(env.services, 'Plain');
    await api.post('/api/admin/auth/login', { json: { email: member.email, password: 'not-the-password' }, headers: from('192.0.2.50') });
    expect(await auditOf(member.id)).toEqual([]);
  });

  it('wrong staff codes from an address never count against members signing in from it', async () => {
    const staff = await newStaff(env, 'operator', 'Finn');
    const office = '192.0.2.200';
    // More wrong codes than the address's login-failure limit (5), over several challenges.
    for (let i = 0; i < 3; i++) {
      const challenge = await challengeFor(staff, office);
      for (let j = 0; j < 2; j++) await verify(challenge, '000000', office);
    }
    // Wrong member passwords from the same address still have their whole allowance, and a member signs in.
    const member = await newMember(env.services, 'Colleague');
    for (let i = 0; i < 4; i++) {
      expect((await api.post('/api/auth/login', { json: { email: `nobody-${i}@example.com`, password: 'wrong-password-1' }, headers: from(office) })).status).toBe(401);
    }
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: member.password }, headers: from(office) })).status).toBe(200);
  });

  it('the staff password step is limited per account too: past the failures, unknown addresses wait (the owner’s own address does not)', async () => {
    const staff = await newStaff(env, 'operator', 'Gale');
    // Ten wrong passwords (LOGIN_SLOWDOWN_AFTER) from ten addresses: the account's slow-down begins.
    for (let i = 0; i < 10; i++) {
      await api.post('/api/admin/auth/login', { json: { email: staff.email, password: 'guess-guess-1' }, headers: from(`198.18.0.${i}`) });
    }
    const slowed = await api.post('/api/admin/auth/login', { json: { email: staff.email, password: staff.password }, headers: from('198.18.1.1') });
    expect((await api.post('/api/admin/auth/login', { json: { email: staff.email, password: 'guess-guess-1' }, headers: from('198.18.1.2') })).status).toBe(429);
    expect([200, 429]).toContain(slowed.status);
    // Where the staff member signed in before (newStaff, from 127.0.0.1), the right password works at once.
    expect((await api.post('/api/admin/auth/login', { json: { email: staff.email, password: staff.password } })).status).toBe(200);
  });
});
