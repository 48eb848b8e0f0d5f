import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockSnapshotSchema, drawList, productDetailSchema, productSummarySchema, resultsPage } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';

describe('products, draws, results and clock over HTTP', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    env = await testServer('embedded', { KENO_PRODUCTS: 'TWB01,CAB01', OPERATOR_EMAIL: 'prod-op@example.com', OPERATOR_PASSWORD: 'prod-op-pass-1' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('lists the keno products on sale with price, time zone and rules, naming the unconfirmed facts', async () => {
    const res = await api.get('/api/products');
    expect(res.status).toBe(200);
    // The draw lotteries follow (family `draw`, server/test/draw); these are the keno ones.
    const keno = res.body.filter((p: { family: string }) => p.family === 'keno');
    expect(keno.map((p: { code: string }) => p.code)).toEqual(['TWB01', 'CAB01']);
    for (const product of keno) expect(productSummarySchema.strict().safeParse(product).success).toBe(true);
    const bingo = res.body[0];
    expect(bingo).toMatchObject({ name: 'BINGO BINGO', family: 'keno', region: 'taiwan', timezone: 'Asia/Taipei', currency: 'TWD', unitPrice: 100 });
    expect(bingo.rules.matrix).toMatchObject({ drawCount: 20, poolSize: 80, confidence: 'confirmed' });
    expect(bingo.rules.unconfirmed).toEqual(expect.arrayContaining(['maxMultiplier', 'schedule.salesCloseSeconds', 'sideBets.odd']));
    expect(bingo.rules).not.toHaveProperty('prizeTable');
  });

  it('shows one product with its full prize table; an unknown or disabled product is product_not_found', async () => {
    const res = await api.get('/api/products/TWB01');
    expect(res.status).toBe(200);
    expect(productDetailSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.rules.prizeTable.rows['3']['3']).toBe(50_000);
    for (const path of ['/api/products/KRB01', '/api/products/XXX01', '/api/products/HKS01/draws', '/api/results/KRB01', '/api/keno/KRB01/clock', '/api/keno/nope/clock']) {
      const missing = await api.get(path);
      expect({ path, status: missing.status, code: missing.body.error?.code }).toEqual({ path, status: 404, code: 'product_not_found' });
    }
  });

  it('lists upcoming draws without their seeds, and refuses bad queries with validation_failed', async () => {
    const res = await api.get('/api/products/CAB01/draws?limit=5');
    expect(res.status).toBe(200);
    expect(drawList.safeParse(res.body).success).toBe(true);
    expect(res.body).toHaveLength(5);
    expect(res.body.every((d: Record<string, unknown>) => d.status === 'scheduled' && !('seed' in d) && !('result' in d))).toBe(true);
    const seeds = await env.platform.db.selectFrom('draws').select('seed').where('product_code', '=', 'CAB01').limit(5).execute();
    expect(seeds.every((row) => /^[0-9a-f]{64}$/.test(row.seed ?? ''))).toBe(true);
    for (const row of seeds) expect(JSON.stringify(res.body)).not.toContain(row.seed);
    for (const query of ['status=soon', 'limit=0', 'limit=101', 'limit=abc']) {
      const bad = await api.get(`/api/products/CAB01/draws?${query}`);
      expect({ query, status: bad.status, code: bad.body.error?.code }).toEqual({ query, status: 422, code: 'validation_failed' });
    }
    expect((await api.get('/api/results/CAB01?pageSize=500')).status).toBe(422);
  });

  it('pages results (none drawn yet on 5-minute schedules) and serves the clock snapshot', async () => {
    const results = await api.get('/api/results/TWB01?page=1&pageSize=10');
    expect(results.status).toBe(200);
    expect(resultsPage.safeParse(results.body).success).toBe(true);
    expect(results.body).toMatchObject({ page: 1, pageSize: 10 });
    const clock = await api.get('/api/keno/CAB01/clock');
    expect(clock.status).toBe(200);
    expect(clockSnapshotSchema.safeParse(clock.body).success).toBe(true);
    expect(clock.body).toMatchObject({ productCode: 'CAB01', phase: expect.stringMatching(/^(open|closed)$/), issue: expect.any(String) });
    expect(Math.abs(new Date(clock.body.serverNow).getTime() - Date.now())).toBeLessThan(5000);
  });

  it('with simulated results, an operator cannot overwrite a draw (its seed commitment would break)', async () => {
    await env.services.auth.ensureOperator();
    const token = (await api.post('/api/auth/login', { json: { email: 'prod-op@example.com', password: 'prod-op-pass-1' } })).body.token;
    const [first] = (await api.get('/api/products/CAB01/draws?limit=1')).body;
    const res = await api.post('/api/admin/results', { token, json: { targetType: 'keno_draw', targetId: first.id, result: { numbers: Array.from({ length: 20 }, (_, i) => i + 1) } } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({ draw: 'invalid' });
  });
});
