import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_ALPHABET } from '@gp/common';
import { testServer } from '../support/platform.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEST_SECRET = 'test-secret-that-is-long-enough-to-be-valid-0123456789';
const PIN_FORMAT = new RegExp(`^[${PIN_ALPHABET}]{4}(-[${PIN_ALPHABET}]{4}){3}$`);

/** `npm run pins -- ...` as an operator runs it, against the test server's database. */
function runCli(args: string[], databaseUrl: string) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/pins/cli.ts', ...args], {
    cwd: ROOT,
    timeout: 30_000,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, JWT_SECRET: TEST_SECRET, DATA_DIR: path.join(ROOT, '.tmp/test-data') },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
}

describe('the PIN command-line tool', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const pinCount = async () =>
    Number((await env.platform.db.selectFrom('pins').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('`--count 3 --points 12.50` prints 3 codes that a member redeems through the API for 12.50 GP each', async () => {
    const result = await runCli(['--count', '3', '--points', '12.50'], env.platform.connectionString);
    expect(result.code).toBe(0);
    const codes = result.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(PIN_FORMAT);
    expect(result.stderr).toContain('3 PIN(s) worth 12.50 GP each');

    const m = await newMember(env.services, 'CliUser');
    for (const [i, code] of codes.entries()) {
      const res = await api.post('/api/pins/redeem', { token: m.token, json: { code } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ points: 1_250, balance: 1_250 * (i + 1) });
    }
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(3_750);
    await expectLedgerMatchesBalance(env.platform, Number(m.id));
  });

  it('is bounded like a person: past ADJUSTMENT_APPROVAL_POINTS in a day it prints no code, and the batch waits sealed for a supervisor; audited as the system', async () => {
    const result = await runCli(['--count', '20', '--points', '100'], env.platform.connectionString);
    expect(result.code, result.stderr + result.stdout.slice(0, 200)).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('a supervisor approves it in the console');
    const batchId = /batch (\d+)/.exec(result.stderr)![1]!;
    const batch = await env.platform.db.selectFrom('pin_batches').select(['approval', 'exported_at', 'created_by']).where('id', '=', Number(batchId)).executeTakeFirstOrThrow();
    expect(batch).toEqual({ approval: 'pending', exported_at: null, created_by: null });
    const audit = await env.platform.db.selectFrom('audit_log').select(['actor_role', 'after']).where('action', '=', 'pin_batch.issued').where('target_id', '=', batchId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_role: 'system', after: { via: 'command line', approval: 'pending', value: 200_000 } });
  });

  it.each([
    ['no arguments', []],
    ['a count of 0', ['--count', '0', '--points', '10']],
    ['points with three decimals', ['--count', '1', '--points', '12.345']],
    ['points that are not a number', ['--count', '1', '--points', 'ten']],
  ])('%s prints the usage, exits with 2 and creates nothing', async (_label, args) => {
    const before = await pinCount();
    const result = await runCli(args, env.platform.connectionString);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('usage: npm run pins');
    expect(await pinCount()).toBe(before);
  });
});
