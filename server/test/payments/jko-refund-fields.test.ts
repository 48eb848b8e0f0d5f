import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { jkoDigest } from '../../src/payments/jko/digest.ts';
import { jkoProvider } from '../../src/payments/jko/adapter.ts';

/**
 * JKO's refund field names are unconfirmed (only third-party docs name them): JKO_REFUND_FIELDS
 * lets a live merchant match what JKO gives them. The adapter must send exactly those names, signed.
 */
describe('JKO refund request field names (JKO_REFUND_FIELDS)', () => {
  const seen: Array<{ body: string; digest: string | undefined }> = [];
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ body, digest: req.headers.digest as string | undefined });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ result: '000', message: null, result_object: {} }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deposit = { id: '5', merchantRef: 'GPJKO1', method: 'jko' as const, amount: 30_000, currency: 'TWD', providerRef: null, providerTxnId: 'T9', refundRef: 'RGPJKO1' };
  const provider = (refundFields?: { orderId: string; refundId: string; amount: string }) =>
    jkoProvider({ mode: 'live', apiKey: 'k', secretKey: 'secret', storeId: 's', baseUrl, ...(refundFields ? { refundFields } : {}) });

  it('sends the documented-by-others names by default, and the configured ones when set, signed over the exact body', async () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    await provider(config.JKO_REFUND_FIELDS).refund(deposit, new Date());
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ platform_order_id: 'GPJKO1', refund_order_id: 'RGPJKO1', refund_amount: 300 });

    const custom = loadConfig({ JWT_SECRET: 'x'.repeat(40), JKO_REFUND_FIELDS: '{"orderId":"platform_order_id","amount":"refund_price"}' });
    await provider(custom.JKO_REFUND_FIELDS).refund(deposit, new Date());
    const last = seen.at(-1)!;
    expect(JSON.parse(last.body)).toEqual({ platform_order_id: 'GPJKO1', refund_order_id: 'RGPJKO1', refund_price: 300 });
    expect(last.digest).toBe(jkoDigest('secret', last.body));
  });

  it('refuses a field name that is not a plain identifier at start-up', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), JKO_REFUND_FIELDS: '{"amount":"refund amount"}' })).toThrow(/JKO_REFUND_FIELDS/);
  });
});
