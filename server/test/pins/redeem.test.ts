import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';
import { membersWithLedgerCheck } from '../support/members.ts';
import { apiClient } from '../http/api-client.ts';

describe('PIN redemption', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { PIN_MAX_FAILURES: '1000' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  const member = membersWithLedgerCheck(() => env);
  const newPin = async (points: number) => (await env.services.pins.createBatch({ count: 1, points })).codes[0]!;
  const redeem = (token: string, code: unknown) => api.post('/api/pins/redeem', { token, json: { code } });

  it('redeeming a PIN credits its points, and the account page shows the new balance', async () => {
    const m = await member('Redeemer');
    const code = await newPin(1_250);

    const res = await redeem(m.token, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ points: 1_250, balance: 1_250 });

    const me = await api.get('/api/me', { token: m.token });
    expect(me.body).toMatchObject({ balance: 1_250, trialBalance: 0 });
    const ledger = await api.get('/api/wallet/ledger', { token: m.token });
    expect(ledger.body.items).toEqual([expect.objectContaining({ kind: 'pin', account: 'real', amount: 1_250, balanceAfter: 1_250, refType: 'pin' })]);
  });

  it('a second PIN adds to the balance already there', async () => {
    const m = await member('Collector');
    await redeem(m.token, await newPin(1_000));
    const res = await redeem(m.token, await newPin(250));
    expect(res.body).toEqual({ points: 250, balance: 1_250 });
  });

  it('a second redemption of the same PIN is refused with pin_redeemed and credits nothing', async () => {
    const m = await member('Twice');
    const code = await newPin(900);
    expect((await redeem(m.token, code)).status).toBe(200);

    const again = await redeem(m.token, code);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'pin_redeemed', message: 'PIN already redeemed.' });
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(900);
  });

  it("a PIN someone else already redeemed is refused and the other member's balance is untouched", async () => {
    const first = await member('First');
    const second = await member('Second');
    const code = await newPin(400);
    await redeem(first.token, code);
    const res = await redeem(second.token, code);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('pin_redeemed');
    expect((await api.get('/api/me', { token: second.token })).body.balance).toBe(0);
    expect((await api.get('/api/me', { token: first.token })).body.balance).toBe(400);
  });

  it('an unknown code is refused with pin_not_found', async () => {
    const m = await member('Unknown');
    const res = await redeem(m.token, 'ABCD-EFGH-JKMN-PQRS');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'pin_not_found', message: 'PIN not found.' });
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(0);
  });

  const typings: Array<[string, (code: string) => string]> = [
    ['lower case', (c) => c.toLowerCase()],
    ['without dashes', (c) => c.replace(/-/g, '')],
    ['with spaces instead of dashes', (c) => c.replace(/-/g, ' ')],
    ['with surrounding spaces and mixed case', (c) => `  ${c.slice(0, 9).toLowerCase()}${c.slice(9)}  `],
    ['in pairs with dashes', (c) => c.replace(/-/g, '').match(/../g)!.join('-')],
  ];
  it.each(typings)('a PIN typed %s is still recognised', async (_label, retype) => {
    const m = await member('Typist');
    const code = await newPin(300);
    const res = await redeem(m.token, retype(code));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ points: 300, balance: 300 });
  });

  it('an empty or missing code is a 422 validation error, not a lookup', async () => {
    const m = await member('Blank');
    for (const body of [{}, { code: '' }, { code: ' - - ' }, { code: 1234 }]) {
      const res = await api.post('/api/pins/redeem', { token: m.token, json: body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields.code).toMatch(/^(required|invalid)$/);
    }
  });

  it('a guest cannot redeem a PIN and the PIN stays available', async () => {
    const code = await newPin(100);
    const res = await api.post('/api/pins/redeem', { json: { code } });
    expect(res.status).toBe(401);
    const m = await member('Later');
    expect((await redeem(m.token, code)).status).toBe(200);
  });

  it('codes are stored only as hashes: no column of the pins table contains the plain code', async () => {
    const { codes } = await env.services.pins.createBatch({ count: 3, points: 100 });
    const rows = await env.platform.db.selectFrom('pins').selectAll().execute();
    const dump = JSON.stringify(rows).toUpperCase();
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace(/-/g, ''));
      expect(dump).not.toContain(code.replace(/-/g, '').slice(0, 8));
    }
    const batches = JSON.stringify(await env.platform.db.selectFrom('pin_batches').selectAll().execute()).toUpperCase();
    for (const code of codes) expect(batches).not.toContain(code.replace(/-/g, '').slice(0, 8));
  });
});
