import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@gp/common';
import { testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient } from './api-client.ts';

describe('API error shape and headers', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let token: string;
  beforeAll(async () => {
    env = await testServer('embedded');
    api = apiClient(env.url);
    token = (await newMember(env.services, 'Headers')).token;
  });
  afterAll(() => env.stop());

  it.each([
    ['GET', '/api/no-such-thing'],
    ['GET', '/api'],
    ['POST', '/api/nothing-here'],
    ['DELETE', '/api/me'],
    ['GET', '/api/auth/login'],
  ])('%s %s is a JSON 404 not_found, not the web page', async (method, path) => {
    const res = await fetch(`${env.url}${path}`, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: ERROR_CATALOGUE.not_found.message } });
  });

  it('a malformed JSON body is a 422 validation error with the catalogue shape', async () => {
    const res = await api.post('/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: ERROR_CATALOGUE.validation_failed.message, fields: { body: 'invalid' } } });
  });

  it('an oversized body is refused as a validation error, not a crash', async () => {
    const res = await api.post('/api/auth/login', { json: { email: 'a@example.com', password: 'x'.repeat(200_000) } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('every error body carries the catalogue status and English message for its code', async () => {
    const cases = await Promise.all([
      api.get('/api/me'),
      api.get('/api/me', { token: 'junk' }),
      api.post('/api/auth/login', { json: { email: 'nobody@example.com', password: 'whatever-1' } }),
      api.post('/api/admin/pins', { token, json: { count: 1, points: 1 } }),
      api.post('/api/pins/redeem', { token, json: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' } }),
    ]);
    expect(cases.map((c) => c.body.error.code)).toEqual(['unauthorized', 'token_invalid', 'invalid_credentials', 'forbidden', 'pin_not_found']);
    for (const res of cases) {
      const entry = ERROR_CATALOGUE[res.body.error.code as keyof typeof ERROR_CATALOGUE];
      expect(res.status).toBe(entry.status);
      expect(res.body.error.message).toBe(entry.message);
    }
  });

  it('every /api response, success or error, is marked Cache-Control: no-store', async () => {
    const responses = await Promise.all([
      api.get('/api/health'),
      api.get('/api/site'),
      api.get('/api/openapi.json'),
      api.get('/api/me', { token }),
      api.get('/api/me'),
      api.get('/api/wallet/ledger?page=0', { token }),
      api.get('/api/nope'),
      api.post('/api/auth/login', { raw: 'not json', headers: { 'content-type': 'application/json' } }),
      api.post('/api/auth/signup', { json: {} }),
    ]);
    for (const res of responses) expect({ status: res.status, cacheControl: res.headers.get('cache-control') }).toMatchObject({ cacheControl: 'no-store' });
  });

  it('every response names its request id, and echoes one the caller sent', async () => {
    const generated = await api.get('/api/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.get('/api/health', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc-123');
  });
});
