import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/service.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';

// The suite's other platforms hash at the test-only minimum (PASSWORD_HASH=fast-for-tests): this one
// runs with the production default, so what a deployment stores is what is checked here.
describe('password hashing at the production cost', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { PASSWORD_HASH: 'owasp' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const storedHash = async (userId: string) =>
    (await sql<{ password_hash: string }>`select password_hash from users where id = ${userId}`.execute(env.platform.db)).rows[0]!.password_hash;

  it('a new member’s password is stored as argon2id with 19 MiB and 2 passes (OWASP’s baseline), never as the password', async () => {
    const member = await newMember(env.services, 'Hashed');
    const hash = await storedHash(member.id);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(hash).not.toContain(member.password);
  });

  it('a hash carries its own cost: one made at the test cost still lets its member log in here', async () => {
    const member = await newMember(env.services, 'Cheap');
    const cheap = await hashPassword({ PASSWORD_HASH: 'fast-for-tests' }, 'a-cheaper-hash-1');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    await sql`update users set password_hash = ${cheap} where id = ${member.id}`.execute(env.platform.db);
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: 'a-cheaper-hash-1' } })).status).toBe(200);
    expect((await api.post('/api/auth/login', { json: { email: member.email, password: member.password } })).status).toBe(401);
  });
});
