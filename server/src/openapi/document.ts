import { z } from 'zod';
import {
  ERROR_CATALOGUE,
  FIELD_CODES,
  authResponse,
  createPinsBody,
  createPinsResponse,
  ledgerPage,
  loginBody,
  meResponse,
  redeemBody,
  redeemResponse,
  siteInfo,
  signupBody,
  type ErrorCode,
} from '@gp/common';

interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth?: 'member' | 'operator';
  idempotent?: boolean;
  query?: Record<string, string>;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  errors: ErrorCode[];
}

/** Every route, described by the same zod schemas the server validates with. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/site', summary: 'Brand, title and client settings for the requesting host', response: siteInfo, errors: [] },
  { method: 'post', path: '/api/auth/signup', summary: 'Create a member account', body: signupBody, response: authResponse, status: 201, errors: ['validation_failed', 'email_taken'] },
  { method: 'post', path: '/api/auth/login', summary: 'Log in', body: loginBody, response: authResponse, errors: ['validation_failed', 'invalid_credentials', 'rate_limited'] },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke the current session', auth: 'member', status: 204, errors: ['unauthorized', 'session_expired', 'token_invalid'] },
  { method: 'get', path: '/api/me', summary: 'The signed-in member and balances', auth: 'member', response: meResponse, errors: ['unauthorized', 'session_expired', 'token_invalid'] },
  { method: 'get', path: '/api/wallet/ledger', summary: 'Ledger entries, newest first', auth: 'member', query: { page: 'integer ≥ 1', pageSize: 'integer 1–100' }, response: ledgerPage, errors: ['unauthorized', 'validation_failed'] },
  { method: 'post', path: '/api/pins/redeem', summary: 'Redeem a PIN code for points (credits once)', auth: 'member', idempotent: true, body: redeemBody, response: redeemResponse, errors: ['validation_failed', 'pin_not_found', 'pin_redeemed', 'redeem_failed', 'rate_limited'] },
  { method: 'post', path: '/api/admin/pins', summary: 'Create a batch of PIN codes (codes are returned once)', auth: 'operator', body: createPinsBody, response: createPinsResponse, status: 201, errors: ['forbidden', 'validation_failed'] },
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

export function buildOpenApiDocument() {
  const errorBody = {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
          message: { type: 'string' },
          fields: { type: 'object', additionalProperties: { type: 'string', enum: [...FIELD_CODES] } },
          details: { type: 'object' },
        },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: op.response
        ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } }
        : { description: 'No content' },
    };
    for (const code of op.errors) {
      const status = String(ERROR_CATALOGUE[code].status);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const parameters = [
      ...Object.entries(op.query ?? {}).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'integer' } })),
      ...(op.idempotent ? [{ name: 'Idempotency-Key', in: 'header', description: 'Repeats return the first result', schema: { type: 'string', maxLength: 100 } }] : []),
    ];
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        summary: op.summary,
        ...(op.auth ? { security: [{ bearer: [] }], 'x-role': op.auth } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'GPoints proxy-purchase API', version: '1.0.0', description: 'Generated from the zod schemas in common/. See design/API.md.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: { Error: errorBody } },
    paths,
  };
}
