import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { FAST_ONLY_CAB01, key, openIssue, threeUnits } from '../orders/support.ts';
import { grantPoints, newMember } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { createDatabaseFromTemplate } from '../global-setup.ts';
import { eventually } from '../support/wait.ts';

type Env = Awaited<ReturnType<typeof testServer>>;

/** A database of our own; `fresh` gives it a new identity, as a second deployment's first migration would. */
async function database(fresh: boolean) {
  const url = await createDatabaseFromTemplate(inject('pgAdminUrl'), `ns_${crypto.randomBytes(6).toString('hex')}`);
  if (fresh) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('update platform_identity set id = gen_random_uuid()');
    await client.end();
  }
  return url;
}

async function placeAndWait(env: Env) {
  const m = await newMember(env.services, 'Tenant');
  await grantPoints(env.platform, Number(m.id), 1000);
  const { issue } = await openIssue(env.platform, 1500);
  const res = await apiClient(env.url).post('/api/orders', { token: m.token, json: threeUnits(issue), headers: { 'Idempotency-Key': key() } });
  expect(res.status).toBe(201);
  const id = res.body.order.id as string;
  const status = await eventually('the order to leave 0/1', async () => {
    const row = await env.platform.db.selectFrom('orders').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow();
    return row.status === 0 || row.status === 1 ? undefined : row.status;
  }, 10_000);
  return { id, status };
}

/** Everything this deployment writes into Redis carries its database's identity. */
describe('scaled mode: names in shared Redis carry the database identity', () => {
  const running: Env[] = [];
  afterAll(async () => {
    for (const env of running) await env.stop();
  });
  const SHARED = { ...FAST_ONLY_CAB01, PURCHASE_LATENCY_MS: '20', REDIS_PREFIX: `shared${crypto.randomBytes(3).toString('hex')}` };

  it('two deployments on one Redis and one prefix: each buys its own order 1 and draws its own draws', async () => {
    const a = await testServer('scaled', { ...SHARED, DATABASE_URL: await database(true) });
    running.push(a);
    const b = await testServer('scaled', { ...SHARED, DATABASE_URL: await database(true) });
    running.push(b);
    expect(a.platform.identity).not.toBe(b.platform.identity);

    const [first, second] = await Promise.all([placeAndWait(a), placeAndWait(b)]);
    expect(first).toEqual({ id: '1', status: 2 });
    expect(second).toEqual({ id: '1', status: 2 });
    // Both keno schedules are served by their own workers: each database has its draws drawn.
    for (const env of [a, b]) {
      await eventually('a drawn draw', async () => (await env.platform.db.selectFrom('draws').select('id').where('status', '=', 'drawn').executeTakeFirst()) ?? undefined, 15_000);
      const missing = await env.platform.db.selectFrom('draws').select('id').where('status', '=', 'scheduled').where('draw_at', '<', new Date(Date.now() - 3000)).execute();
      expect(missing).toEqual([]);
    }
    while (running.length) await running.pop()!.stop();
  }, 60_000);

  it('a database restored (same identity, order ids again from 1) next to a Redis that remembers: new orders are still bought', async () => {
    const before = await database(false);
    const restored = await database(false); // the same identity: a restore of the same backup
    const first = await testServer('scaled', { ...SHARED, DATABASE_URL: before });
    running.push(first);
    expect(await placeAndWait(first)).toEqual({ id: '1', status: 2 });
    await running.pop()!.stop();

    const again = await testServer('scaled', { ...SHARED, DATABASE_URL: restored });
    running.push(again);
    expect(again.platform.identity).toBe(first.platform.identity);
    expect(await placeAndWait(again)).toEqual({ id: '1', status: 2 });
  }, 60_000);
});
