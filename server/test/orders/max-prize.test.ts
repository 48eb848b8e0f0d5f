import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../http/api-client.ts';
import { grantPoints, membersWithLedgerCheck } from '../support/members.ts';
import { testServer } from '../support/platform.ts';
import { key, openIssue, SLOW_CAB01, threeUnits } from './support.ts';

describe('the most an order may win (spec §5: "exceeds maximum prize amount, adjust purchase items")', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  const member = membersWithLedgerCheck(() => env);
  // 10 GP: a CAB01 3-star pick can win CAD 20 (14.60 GP at the default rate); three 1-star picks at most CAD 2 (one prize per ticket).
  beforeAll(async () => {
    env = await testServer('embedded', { ...SLOW_CAB01, MAX_ORDER_PRIZE_POINTS: '10' });
    api = apiClient(env.url);
  });
  afterAll(() => env.stop());

  it('quote and order refuse a ticket that could win more than MAX_ORDER_PRIZE_POINTS, debiting nothing', async () => {
    const m = await member('Big Dreamer');
    await grantPoints(env.platform, Number(m.id), 5_000);
    const { issue } = await openIssue(env.platform, 2000);
    const tooBig = { productCode: 'CAB01', issue, multiplier: 3, plays: [{ type: 'pick', stars: 3, numbers: [1, 2, 3] }] };

    const quote = await api.post('/api/orders/quote', { token: m.token, json: tooBig });
    expect(quote.status).toBe(422);
    expect(quote.body.error).toMatchObject({ code: 'exceeds_max_prize', message: 'Exceeds maximum prize amount, adjust purchase items.', details: { maxPrize: { amount: 6000, currency: 'CAD' }, limitPoints: 1000 } });
    const order = await api.post('/api/orders', { token: m.token, json: tooBig, headers: { 'Idempotency-Key': key() } });
    expect(order.status).toBe(422);
    expect(order.body.error.code).toBe('exceeds_max_prize');
    expect((await api.get('/api/me', { token: m.token })).body.balance).toBe(5_000);

    const fits = await api.post('/api/orders/quote', { token: m.token, json: threeUnits(issue) });
    expect(fits.status).toBe(200);
    expect(fits.body.maxPrize).toEqual({ amount: 200, currency: 'CAD' });
  });
});
