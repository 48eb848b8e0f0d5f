import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/platform.ts';

/** fetch cannot set Host, so the sub-site tests speak plain node:http. */
function getSite(baseUrl: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: '/api/site', method: 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /api/site brands each host', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded', {
      BRAND_MAIN: 'Main Brand',
      BRAND_KENO: 'Keno Brand',
      BRAND_SPORTS: 'Sports Brand',
      KENO_HOSTS: 'keno.localhost, keno.example.com',
      SUPPORT_EMAIL: 'help@example.com',
    });
  });
  afterAll(() => env.stop());

  it('localhost shows the main site with its brand in the title and the support mailbox', async () => {
    const res = await getSite(env.url, { Host: 'localhost:3000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'main', brand: 'Main Brand', supportEmail: 'help@example.com', monitoring: null });
    expect(res.body.title).toContain('Main Brand');
  });

  it.each(['keno.localhost', 'KENO.localhost:5173', 'keno.example.com'])('Host: %s shows the keno sub-site', async (host) => {
    const res = await getSite(env.url, { Host: host });
    expect(res.body).toMatchObject({ kind: 'keno', brand: 'Keno Brand' });
    expect(res.body.title).toContain('Keno Brand');
  });

  it('the default sports host shows the sports sub-site', async () => {
    const res = await getSite(env.url, { Host: 'sports.localhost' });
    expect(res.body).toMatchObject({ kind: 'sports', brand: 'Sports Brand' });
  });

  it('behind a proxy, the forwarded host decides the brand', async () => {
    const res = await getSite(env.url, { Host: '127.0.0.1', 'X-Forwarded-Host': 'keno.localhost' });
    expect(res.body.kind).toBe('keno');
  });

  it('a look-alike host is not mistaken for a sub-site', async () => {
    for (const host of ['keno.localhost.evil.com', 'notketo.localhost', 'xkeno.localhost']) {
      expect((await getSite(env.url, { Host: host })).body.kind).toBe('main');
    }
  });
});

describe('GET /api/site monitoring settings', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    env = await testServer('embedded', { APM_SERVER_URL: 'https://apm.example.com', APM_SERVICE_NAME: 'gp web_1', APM_SAMPLE_RATE: '0.25' });
  });
  afterAll(() => env.stop());

  it('hands the client the configured monitoring settings', async () => {
    const res = await getSite(env.url, { Host: 'localhost' });
    expect(res.body.monitoring).toEqual({
      serverUrl: 'https://apm.example.com',
      serviceName: 'gp web_1',
      environment: 'test',
      transactionSampleRate: 0.25,
    });
  });
});
