import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@gp/common';
import { OPERATIONS, statusesOf } from '../../src/openapi/document.ts';
import { ADMIN_ACCESS } from '../../src/staff/access.ts';
import { testServer } from '../support/platform.ts';
import { newMember } from '../support/members.ts';
import { apiClient, call } from './api-client.ts';

type Schema = {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  format?: string;
};

/** The few JSON Schema keywords our request schemas use — enough to ask "would an integrator's validator accept this?". */
function accepts(schema: Schema, value: unknown): boolean {
  const typeOk: Record<string, (v: unknown) => boolean> = {
    object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
    string: (v) => typeof v === 'string',
    integer: (v) => Number.isInteger(v),
    number: (v) => typeof v === 'number',
    boolean: (v) => typeof v === 'boolean',
  };
  if (schema.type && !typeOk[schema.type]!(value)) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    if (schema.format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return false;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (schema.type === 'object') {
    const object = value as Record<string, unknown>;
    if ((schema.required ?? []).some((key) => !(key in object))) return false;
    return Object.entries(schema.properties ?? {}).every(([key, sub]) => !(key in object) || accepts(sub, object[key]));
  }
  return true;
}

describe('GET /api/openapi.json', () => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let api: ReturnType<typeof apiClient>;
  let doc: any;
  let operator: string;
  beforeAll(async () => {
    // LINE_SANDBOX: a login provider (`line`) exists, so its routes answer as themselves below.
    env = await testServer('embedded', { OPERATOR_EMAIL: 'oa@example.com', OPERATOR_PASSWORD: 'openapi-pass-1', LINE_SANDBOX: 'true' });
    api = apiClient(env.url);
    const res = await api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: 'oa@example.com', password: 'openapi-pass-1' } })).body.token;
  });
  afterAll(() => env.stop());

  const requestSchema = (method: string, path: string): Schema => doc.paths[path][method].requestBody.content['application/json'].schema;

  it('is an OpenAPI 3.1 document with a bearer scheme and the shared error body', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'gp_session', description: expect.stringContaining('X-CSRF-Token') });
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(Object.keys(ERROR_CATALOGUE));
  });

  it.each(OPERATIONS.map((op) => [op.method.toUpperCase(), op.path, op] as const))('lists %s %s with its success answer, auth and errors', (_m, _p, op) => {
    const entry = doc.paths[op.path]?.[op.method];
    expect(entry, `${op.method} ${op.path} missing`).toBeDefined();
    expect(entry.summary).toBe(op.summary);
    expect(entry.responses[String(op.status ?? 200)]).toBeDefined();
    if (op.body) expect(entry.requestBody.content['application/json'].schema.type).toBe('object');
    if (op.auth) {
      expect(entry.security).toEqual([{ bearer: [] }, { session: [] }]);
      expect(entry.responses['401'].description).toMatch(/unauthorized.*session_expired.*token_invalid/);
      // Its session is read from the database: 503 while that is out of reach.
      expect(entry.responses['503'].description).toContain('service_unavailable');
    }
    if (op.auth === 'operator') expect(entry.responses['403'].description).toContain('forbidden');
    if (op.idempotent) {
      expect(entry.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
      expect(entry.responses['422'].description).toContain('idempotency_key_reused');
    }
    for (const code of op.errors) for (const status of statusesOf(code)) expect(entry.responses[status].description).toContain(code);
  });

  it('lists no route the server does not serve: each answers something other than not_found', async () => {
    for (const op of OPERATIONS) {
      const path = op.path.replace('{provider}', 'line');
      const res = await call(env.url, op.method.toUpperCase(), path, op.method === 'get' ? {} : { json: {} });
      expect({ route: `${op.method} ${op.path}`, code: res.body?.error?.code }).not.toEqual({ route: `${op.method} ${op.path}`, code: 'not_found' });
    }
  });

  it('documents what a member sees of issue 16: trial points, a quote\'s GP figures and rates, local league and team names', () => {
    const answer = (method: string, path: string, status = '200') => JSON.stringify(doc.paths[path][method].responses[status].content['application/json'].schema);
    expect(answer('get', '/api/site')).toContain('"trialPointsOnSignup"');
    expect(answer('get', '/api/me')).toContain('"trialBalance"');
    for (const field of ['"maxPrizePoints"', '"rates"', '"total"']) expect(answer('post', '/api/orders/quote')).toContain(field);
    for (const path of ['/api/football/events', '/api/football/standings', '/api/football/results']) expect(answer('get', path)).toContain('"names"');
    expect(answer('get', '/api/orders/{id}')).toMatch(/"legs".*"names"/);
  });

  it('documents every back-office route of the access table, saying which are for supervisors only', () => {
    const documented = new Map(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`, op]));
    const missing = Object.keys(ADMIN_ACCESS).filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    const unsaid = Object.entries(ADMIN_ACCESS)
      .filter(([route, who]) => who === 'supervisor' && !documented.get(route)!.summary.startsWith('Supervisors only'))
      .map(([route]) => route);
    expect(unsaid).toEqual([]);
  });

  it('documents the ledger paging limits the server enforces', () => {
    const parameters = doc.paths['/api/wallet/ledger'].get.parameters as Array<{ name: string; schema: Schema }>;
    const pageSize = parameters.find((p) => p.name === 'pageSize')!.schema;
    const page = parameters.find((p) => p.name === 'page')!.schema;
    expect(pageSize).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(page).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('the sign-up schema marks name, email, password and confirmation as required', () => {
    expect(requestSchema('post', '/api/auth/signup').required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'passwordCheck']));
  });

  const valid = { name: 'Ana', email: 'ana@example.com', password: 'long-enough-now', passwordCheck: 'long-enough-now', birthDate: '1990-01-01' };
  // Bodies the server refuses with 422 that a validator built from the document must refuse too
  // (cross-field rules such as password = confirmation cannot be said in JSON Schema).
  const refused: Array<[string, string, unknown]> = [
    ['/api/auth/signup', 'an empty form', {}],
    ['/api/auth/signup', 'no name', { ...valid, name: undefined }],
    ['/api/auth/signup', 'a blank name', { ...valid, name: '' }],
    ['/api/auth/signup', 'an email without @', { ...valid, email: 'ana.example.com' }],
    ['/api/auth/signup', 'an 11-character password', { ...valid, password: 'eleven-char', passwordCheck: 'eleven-char', birthDate: '1990-01-01' }],
    ['/api/auth/signup', 'an unknown locale', { ...valid, locale: 'xx' }],
    ['/api/auth/login', 'no password', { email: 'ana@example.com' }],
    ['/api/auth/login', 'an invalid email', { email: 'ana', password: 'whatever' }],
    ['/api/pins/redeem', 'no code', {}],
    ['/api/pins/redeem', 'an empty code', { code: '' }],
    ['/api/pins/redeem', 'a numeric code', { code: 1234 }],
    ['/api/admin/pins', 'a count of 0', { count: 0, points: 100 }],
    ['/api/admin/pins', 'a fractional count', { count: 1.5, points: 100 }],
    ['/api/admin/pins', 'points as text', { count: 1, points: '100' }],
    ['/api/admin/pins', 'a count over 10,000', { count: 10_001, points: 100 }],
  ];
  it.each(refused)('%s: the server and the documented schema both refuse %s', async (path, _label, body) => {
    const member = await newMember(env.services, 'Schema');
    const token = path === '/api/admin/pins' ? operator : member.token;
    const res = await api.post(path, { json: body, token });
    expect(res.status).toBe(422);
    expect(accepts(requestSchema('post', path), JSON.parse(JSON.stringify(body)))).toBe(false);
  });

  it('bodies the server accepts are accepted by the documented schemas', () => {
    expect(accepts(requestSchema('post', '/api/auth/signup'), { ...valid, promoOptIn: true, locale: 'en' })).toBe(true);
    expect(accepts(requestSchema('post', '/api/auth/login'), { email: 'ana@example.com', password: 'x' })).toBe(true);
    expect(accepts(requestSchema('post', '/api/pins/redeem'), { code: 'abcd-efgh-jkmn-pqrs' })).toBe(true);
    expect(accepts(requestSchema('post', '/api/admin/pins'), { count: 3, points: 1_250 })).toBe(true);
  });
});
