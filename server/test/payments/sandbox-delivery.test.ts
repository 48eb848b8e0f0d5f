import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createDeliverer } from '../../src/payments/sandbox/delivery.ts';
import { eventually } from '../support/wait.ts';

/** A merchant endpoint that refuses the first `failFirst` deliveries, then acknowledges with `1|OK`. */
function merchant(failFirst: number) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      if (received.length <= failFirst) res.writeHead(500).end('no');
      else res.writeHead(200).end('1|OK');
    });
  });
  return { server, received };
}

describe('the sandbox delivers notifications as providers do: retried, duplicated, out of order', () => {
  const endpoints: Array<ReturnType<typeof merchant>> = [];
  const listen = async (failFirst: number) => {
    const m = merchant(failFirst);
    endpoints.push(m);
    await new Promise<void>((resolve) => m.server.listen(0, '127.0.0.1', () => resolve()));
    const address = m.server.address() as { port: number };
    return { ...m, url: `http://127.0.0.1:${address.port}/notify` };
  };
  const ok = (status: number, body: string) => status === 200 && body === '1|OK';
  afterAll(async () => {
    for (const m of endpoints) await new Promise<void>((resolve) => m.server.close(() => resolve()));
  });

  it('a delivery the merchant does not acknowledge is retried (with the next attempt’s body) until it is', async () => {
    const m = await listen(2);
    const deliverer = createDeliverer({ retryDelaysMs: [10, 10, 10], duplicates: 0, holdBack: false }, () => undefined);
    deliverer.send('ecpay', m.url, (attempt) => ({ headers: { 'content-type': 'text/plain' }, body: attempt === 0 ? 'RtnMsg=交易成功' : 'RtnMsg=paid' }), ok);
    const entry = await eventually('an acknowledged delivery', () => deliverer.log[0]?.answers.at(-1)?.status === 200 && deliverer.log[0]);
    expect(entry.answers.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(m.received).toEqual(['RtnMsg=交易成功', 'RtnMsg=paid', 'RtnMsg=paid']);
    deliverer.close();
  });

  it('gives up after the last retry', async () => {
    const m = await listen(100);
    const deliverer = createDeliverer({ retryDelaysMs: [5, 5], duplicates: 0, holdBack: false }, () => undefined);
    deliverer.send('stripe', m.url, () => ({ headers: {}, body: 'x' }), ok);
    await eventually('three attempts', () => m.received.length === 3);
    await deliverer.idle();
    expect(deliverer.log[0]!.answers).toHaveLength(3);
    deliverer.close();
  });

  it('duplicates each notification, and held ones go out newest first on flush', async () => {
    const m = await listen(0);
    const deliverer = createDeliverer({ retryDelaysMs: [], duplicates: 2, holdBack: true }, () => undefined);
    deliverer.send('jko', m.url, () => ({ headers: {}, body: 'first' }), ok);
    deliverer.send('jko', m.url, () => ({ headers: {}, body: 'second' }), ok);
    expect(m.received).toEqual([]);
    await deliverer.flush();
    expect(m.received).toEqual(['second', 'second', 'second', 'first', 'first', 'first']);
    deliverer.close();
  });
});
