import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, testServer } from '../support/platform.ts';
import { membersWithLedgerCheck } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

describe.each(MODES)('PIN redemption with an Idempotency-Key (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer(mode, { PIN_MAX_FAILURES: '1000' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);
  const newPins = async (count: number, points: number) => (await env.services.pins.createBatch({ count, points })).codes;
  const redeem = (token: string, code: string, key: string) =>
    api.post('/api/pins/redeem', { token, json: { code }, headers: { 'Idempotency-Key': key } });
  const pinEntries = (userId: number) => env.platform.db.selectFrom('ledger').select('amount').where('user_id', '=', userId).where('kind', '=', 'pin').execute();

  it('20 simultaneous taps of "redeem" with one key all show the same success, and the points are credited once', async () => {
    const m = await member('Tapper');
    const [code] = await newPins(1, 1_500);

    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(m.token, code!, 'tap-1')));

    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) expect(r.body).toEqual({ points: 1_500, balance: 1_500 });
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(1_500);
    expect(await pinEntries(Number(m.id))).toEqual([{ amount: 1_500 }]);
  });

  it('repeating a finished request with its key replays the first answer, even after the balance moved on', async () => {
    const m = await member('Replayer');
    const [first, second] = await newPins(2, 700);
    const original = await redeem(m.token, first!, 'key-a');
    await redeem(m.token, second!, 'key-b');

    const replay = await redeem(m.token, first!, 'key-a');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(original.body);
    expect(replay.body).toEqual({ points: 700, balance: 700 });
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(1_400);
  });

  it('reusing a key for a different code is refused with idempotency_key_reused, and that code stays unspent', async () => {
    const m = await member('Reuser');
    const [first, other] = await newPins(2, 300);
    expect((await redeem(m.token, first!, 'same-key')).status).toBe(200);

    const reused = await redeem(m.token, other!, 'same-key');
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(300);

    const fresh = await redeem(m.token, other!, 'another-key');
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ points: 300, balance: 600 });
  });

  it('the same code typed differently under the same key is the same request', async () => {
    const m = await member('Retyper');
    const [code] = await newPins(1, 450);
    const original = await redeem(m.token, code!, 'typed');
    const retyped = await redeem(m.token, code!.toLowerCase().replace(/-/g, ' '), 'typed');
    expect(retyped.status).toBe(200);
    expect(retyped.body).toEqual(original.body);
    expect(await pinEntries(Number(m.id))).toHaveLength(1);
  });

  it("keys belong to one member: another member's identical key neither replays nor blocks their own redemption", async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const [aliceCode, bobCode] = await newPins(2, 200);
    expect((await redeem(alice.token, aliceCode!, 'shared-key')).body).toEqual({ points: 200, balance: 200 });

    const bobs = await redeem(bob.token, bobCode!, 'shared-key');
    expect(bobs.status).toBe(200);
    expect(bobs.body).toEqual({ points: 200, balance: 200 });
    const stolen = await redeem(bob.token, aliceCode!, 'shared-key-2');
    expect(stolen.status).toBe(409);
  });

  it('a key longer than 100 characters is refused before anything happens', async () => {
    const m = await member('LongKey');
    const [code] = await newPins(1, 100);
    const res = await redeem(m.token, code!, 'k'.repeat(101));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await redeem(m.token, code!, 'k'.repeat(100))).status).toBe(200);
  });
});
