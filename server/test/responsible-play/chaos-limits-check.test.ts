import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaosLimits } from '../../../scripts/chaos/load.ts';
import { limitsCheck } from '../../../scripts/chaos/limits-check.ts';
import { call } from '../http/api-client.ts';
import { depositServer, type Env } from '../payments/support.ts';
import { newMember } from '../support/members.ts';

/**
 * The chaos suite's check 9 (issue 32): its members play with limits (`chaosLimits`), and the audit
 * finds any rolling window in which a member's counted amounts passed a limit. Here on a real
 * database: a member kept within their limit by the platform passes; one pushed past it behind the
 * guard's back (a PIN marked redeemed by SQL) is named, with the limit and the worst window.
 */
describe('chaos audit: limits never passed', () => {
  let env: Env;
  let client: pg.Client;
  beforeAll(async () => {
    env = await depositServer('embedded', { AGE_UNVERIFIED_DEPOSIT_MAX_POINTS: '100000000' });
    client = new pg.Client({ connectionString: env.platform.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await env?.stop();
  });

  const redeem = async (token: string, points: number) => {
    const [code] = (await env.services.pins.createBatch({ count: 1, points })).codes;
    return env.api.post('/api/pins/redeem', { token, json: { code } });
  };

  it('the chaos members’ limits are ones the API accepts, and half of them bite below the start points', async () => {
    const m = await newMember(env.services, 'Chaos Shape');
    expect((await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: chaosLimits(0, 500_000) })).status).toBe(200);
    expect(chaosLimits(0, 500_000).spend.day).toBeLessThan(500_000);
    expect(chaosLimits(1, 500_000).spend.day).toBeGreaterThan(500_000);
  });

  it('passes members the platform kept within their limits and names one pushed past a limit', async () => {
    const kept = await newMember(env.services, 'Chaos Kept');
    const pushed = await newMember(env.services, 'Chaos Pushed');
    for (const m of [kept, pushed]) expect((await call(env.url, 'PUT', '/api/me/limits', { token: m.token, json: { deposit: { day: 5_000 } } })).status).toBe(200);
    expect((await redeem(kept.token, 4_000)).status).toBe(200);
    expect((await redeem(kept.token, 2_000)).body.error.code).toBe('limit_reached');
    expect((await redeem(pushed.token, 4_000)).status).toBe(200);

    expect(await limitsCheck(client, [kept.id, pushed.id])).toMatchObject({ id: '9', ok: true, offenders: 0 });

    // Behind the guard's back: a second PIN of 3,000 marked redeemed by SQL, 7,000 in the day.
    await env.services.pins.createBatch({ count: 1, points: 3_000 });
    const pin = await env.platform.db.selectFrom('pins').select('id').where('redeemed_by', 'is', null).where('points', '=', 3_000).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await env.platform.db.updateTable('pins').set({ redeemed_by: Number(pushed.id), redeemed_at: env.platform.now() }).where('id', '=', pin.id).execute();
    const result = await limitsCheck(client, [kept.id, pushed.id]);
    expect(result).toMatchObject({ ok: false, offenders: 1 });
    expect(result.details).toEqual([`member ${pushed.id}: deposit day limit 5000, worst window 7000`]);
  });

  it('fails when no member had a limit (nothing was checked)', async () => {
    const m = await newMember(env.services, 'Chaos Bare');
    expect(await limitsCheck(client, [m.id])).toMatchObject({ ok: false, offenders: 1 });
  });
});
