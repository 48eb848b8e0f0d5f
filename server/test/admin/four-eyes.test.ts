import type { DrawWire } from '@gp/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { BACK_OFFICE_ENV, newStaff } from './support.ts';

/** CAB01 every 30 s, results entered by hand: the test moves the clock past a draw and two staff members enter its numbers. */
const MANUAL_CAB01 = { KENO_PRODUCTS: 'CAB01', RESULT_SOURCE: 'manual', KENO_SCHEDULE_OVERRIDES: JSON.stringify({ CAB01: { intervalSeconds: 30, salesCloseSeconds: 1 } }) };

describe('four-eyes manual results (keno)', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let ann: Awaited<ReturnType<typeof newStaff>>;
  let ben: Awaited<ReturnType<typeof newStaff>>;

  beforeAll(async () => {
    env = await testServer('embedded', { ...BACK_OFFICE_ENV, ...MANUAL_CAB01 });
    api = apiClient(env.url);
    ann = await newStaff(env, 'operator', 'Ann');
    ben = await newStaff(env, 'operator', 'Ben');
  });
  afterAll(() => env.stop());

  /** A CAB01 draw whose draw time has passed and that waits for its numbers. */
  const closedDraw = async () => {
    const onSale = await eventually('an open CAB01 draw', async () => (await api.get<DrawWire[]>('/api/products/CAB01/draws?status=open')).body[0], 3000);
    env.clock.advanceTo(onSale.drawAt);
    expect(await env.services.keno.drawAtTime(onSale.id)).toBe('manual');
    return onSale;
  };
  const enter = (token: string, targetId: string, numbers: number[]) => api.post('/api/admin/results', { token, json: { targetType: 'keno_draw', targetId, result: { numbers } } });
  const statusOf = async (id: string) => (await env.platform.db.selectFrom('draws').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const twenty = Array.from({ length: 20 }, (_, i) => 80 - i * 3);

  it('publishes only when a second staff member enters the same numbers (in any order)', async () => {
    const draw = await closedDraw();
    const first = await enter(ann.token, draw.id, twenty);
    expect(first.body).toMatchObject({ state: 'waiting_second' });
    expect(first.body.entries).toHaveLength(1);
    expect(await statusOf(draw.id)).toBe('scheduled');
    // The same person entering again is not a second pair of eyes.
    expect((await enter(ann.token, draw.id, twenty)).body.state).toBe('waiting_second');

    const second = await enter(ben.token, draw.id, [...twenty].reverse());
    expect(second.body.state).toBe('published');
    expect(await statusOf(draw.id)).toBe('drawn');
    const published = await env.platform.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'result.published').where('target_id', '=', draw.id).execute();
    expect(published.map((r) => String(r.actor_id))).toEqual([ben.id]);
  });

  it('a mismatch publishes nothing and is shown to both, until one corrects their entry', async () => {
    const draw = await closedDraw();
    await enter(ann.token, draw.id, twenty);
    const other = [...twenty.slice(0, 19), 1];
    const mismatch = await enter(ben.token, draw.id, other);
    expect(mismatch.body.state).toBe('mismatch');
    expect(mismatch.body.entries).toHaveLength(2);
    expect(await statusOf(draw.id)).toBe('scheduled');
    // Ann looks again (re-entering what she saw): she is told of the mismatch too.
    expect((await enter(ann.token, draw.id, twenty)).body.state).toBe('mismatch');
    // Ben checks the official sheet and corrects his entry: now they agree.
    expect((await enter(ben.token, draw.id, twenty)).body.state).toBe('published');
    expect(await statusOf(draw.id)).toBe('drawn');
  });

  it('refuses a malformed entry before recording it', async () => {
    const res = await api.post('/api/admin/results', { token: ann.token, json: { targetType: 'keno_draw', targetId: '1', result: { numbers: 'seven' } } });
    expect(res.status).toBe(422);
  });
});
