import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@gp/common';
import { OPERATIONS } from '../../src/openapi/document.ts';
import { ID_PATTERN, isId, parseId } from '../../src/platform/ids.ts';
import { testServer } from '../support/platform.ts';
import { apiClient, call } from './api-client.ts';

/**
 * One rule for an `{id}` in a path (docs/architecture.md "The HTTP edge"): a malformed id is 422
 * `validation_failed` with `fields: { id: 'invalid' }` on every route, before its body is read and
 * before its service is asked; never a 404 that reads like "no such route", never a 500. The routes
 * come from the OpenAPI document, so a new `:id` route is walked here without a line of this file.
 */
const ID_ROUTES = OPERATIONS.filter((op) => op.path.includes('{id}'));

/** Routes whose query names what the id is an id of: given, so the id alone is judged. */
const REQUIRED_QUERY: Record<string, string> = { '/api/admin/draws/{id}/purchase-sheet': '?productCode=CAB01' };

/** As they appear in the URL (already percent-encoded where needed). */
const MALFORMED = ['abc', '0', '-1', '1.5', '123456789012345678901234567890', '007', '1e3', '0x1F', '12abc', '%20' + '12', '9223372036854775807'];

describe('a malformed :id', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  beforeAll(async () => {
    env = await testServer('embedded', { OPERATOR_EMAIL: 'ids-op@example.com', OPERATOR_PASSWORD: 'ids-op-pass-1' });
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    // The seeded operator is a supervisor (as at boot), so the supervisors' `:id` routes are walked too.
    await env.services.staff.promoteSeededOperator('ids-op@example.com');
    operator = (await api.post('/api/auth/login', { json: { email: 'ids-op@example.com', password: 'ids-op-pass-1' } })).body.token;
  });
  afterAll(() => env.stop());

  /** The operator passes every guard (member and operator routes), so the id is what is judged; POSTs send an empty body. */
  const request = (op: (typeof ID_ROUTES)[number], id: string) => {
    // Other ids in the path (`{messageId}`) are well-formed, so `{id}` is what is judged.
    const path = op.path.replace('{id}', id).replace(/\{\w+\}/g, '999999999999') + (REQUIRED_QUERY[op.path] ?? '');
    return call(env.url, op.method.toUpperCase(), path, { token: operator, json: op.method === 'get' ? undefined : {} });
  };
  const answer = (res: Awaited<ReturnType<typeof request>>) => ({ status: res.status, code: res.body?.error?.code, fields: res.body?.error?.fields });

  it('the document has :id routes to walk, each stating the rule', () => {
    expect(ID_ROUTES.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['get /api/orders/{id}', 'post /api/admin/orders/{id}/confirm', 'post /api/admin/pin-batches/{id}/export', 'get /api/football/events/{id}', 'post /api/admin/pin-batches/{id}/void']),
    );
  });

  it.each(ID_ROUTES.map((op) => [op.method.toUpperCase(), op.path, op] as const))('%s %s: 422 validation_failed, fields.id = invalid', async (_m, _p, op) => {
    for (const id of MALFORMED) {
      expect({ id, ...answer(await request(op, id)) }).toEqual({ id, status: 422, code: 'validation_failed', fields: { id: 'invalid' } });
    }
    // A NUL is refused for the whole request before any route is matched (http/nul-characters.test.ts): same status and code, the field is `path`.
    expect(answer(await request(op, '%00'))).toEqual({ status: 422, code: 'validation_failed', fields: { path: 'invalid' } });
    // So is an escape the router cannot decode: the id cannot even be read.
    expect(answer(await request(op, '%E0%A4%A'))).toEqual({ status: 422, code: 'validation_failed', fields: { path: 'invalid' } });
  });

  it.each(ID_ROUTES.map((op) => [op.method.toUpperCase(), op.path, op] as const))('%s %s: a well-formed id of nothing passes the parser (its GET answers the route’s 404)', async (_m, _p, op) => {
    const res = await request(op, '999999999999');
    expect(res.status).not.toBe(500);
    expect(res.body?.error?.fields?.id).toBeUndefined();
    if (op.method === 'get') {
      expect(res.status).toBe(404);
      expect(op.errors).toContain(res.body.error.code);
    }
  });

  it.each(ID_ROUTES.map((op) => [op.method.toUpperCase(), op.path, op] as const))('%s %s: the OpenAPI document states the pattern and the 422', async (_m, _p, op) => {
    const doc = (await api.get('/api/openapi.json')).body;
    const entry = doc.paths[op.path][op.method];
    expect(entry.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', schema: { type: 'string', pattern: ID_PATTERN } }));
    expect(entry.responses[String(ERROR_CATALOGUE.validation_failed.status)].description).toContain('validation_failed');
    expect(op.errors.some((code) => ERROR_CATALOGUE[code].status === 404)).toBe(true);
  });
});

describe('parseId', () => {
  it('accepts 1 to 18 digits without a leading zero, and the documented pattern says the same', () => {
    const valid = ['1', '42', '999999999999999999'];
    const malformed = [...MALFORMED, '', ' 12', '1000000000000000000', '+1', '١٢'];
    for (const id of valid) expect([id, parseId(id), new RegExp(ID_PATTERN).test(id)]).toEqual([id, id, true]);
    for (const id of malformed) {
      expect([id, isId(id), new RegExp(ID_PATTERN).test(id)]).toEqual([id, false, false]);
      expect(() => parseId(id)).toThrow(expect.objectContaining({ code: 'validation_failed', extra: { fields: { id: 'invalid' } } }));
    }
    expect(isId(12)).toBe(false);
    expect(() => parseId(undefined, 'drawId')).toThrow(expect.objectContaining({ extra: { fields: { drawId: 'invalid' } } }));
  });
});
