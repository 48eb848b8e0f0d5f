import { z } from 'zod';
import {
  ERROR_CATALOGUE,
  adjustmentBody,
  adjustmentResponse,
  healthReport,
  healthUnavailable,
  orderFlagList,
  confirmOrderBody,
  orderBody,
  orderResponse,
  ordersPage,
  ordersQuery,
  quoteResponse,
  FIELD_CODES,
  authResponse,
  createPinsBody,
  clockSnapshotSchema,
  drawList,
  drawSchema,
  drawsQuery,
  manualResultBody,
  productDetailSchema,
  productSummarySchema,
  resultsPage,
  resultsQuery,
  createPinsResponse,
  ledgerPage,
  loginBody,
  pageQuery,
  meResponse,
  redeemBody,
  redeemResponse,
  siteInfo,
  signupBody,
  footballEventSchema,
  footballEventDetailSchema,
  footballEventDetailQuery,
  footballEventsQuery,
  footballResultBody,
  footballResultsPage,
  footballResultsQuery,
  standingsSchema,
  type ErrorCode,
} from '@gp/common';
import { ID_PATTERN } from '../platform/ids.ts';

interface Operation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth?: 'member' | 'operator';
  idempotent?: boolean;
  /** The zod schema the route validates its query with, or parameter descriptions. */
  query?: z.ZodObject | Record<string, string>;
  body?: z.ZodType;
  response?: z.ZodType;
  status?: number;
  /**
   * The route's own errors; the ones its auth, Idempotency-Key and `{id}` imply are added by the
   * builder. A route with an `{id}` lists the 404 it answers for a well-formed id of nothing.
   */
  errors: ErrorCode[];
}

/** How every `{id}` path parameter is read (platform/ids.ts `parseId`, docs/architecture.md "The HTTP edge"). */
export const ID_PARAMETER_RULE =
  'A positive decimal integer of at most 18 digits. A malformed id (letters, 0, a sign, a fraction, too many digits) answers 422 `validation_failed` with `fields.id = "invalid"` on every route; a well-formed id that names nothing answers the route\'s 404.';

/** Every route, described by the same zod schemas the server validates with. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/health', summary: 'Health: 200 while every repeatable job (keno scheduling, reconcilers, sweeps, odds polling, housekeeping) keeps running and the outbox keeps up; 503 with the same body naming what stalled', response: z.union([healthReport, healthUnavailable]), errors: [] },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', errors: [] },
  { method: 'get', path: '/api/site', summary: 'Brand, title and client settings for the requesting host', response: siteInfo, errors: [] },
  { method: 'post', path: '/api/auth/signup', summary: 'Create a member account (SIGNUP_MAX_PER_ADDRESS per address and window)', body: signupBody, response: authResponse, status: 201, errors: ['validation_failed', 'email_taken', 'rate_limited'] },
  { method: 'post', path: '/api/auth/login', summary: 'Log in', body: loginBody, response: authResponse, errors: ['validation_failed', 'invalid_credentials', 'rate_limited'] },
  { method: 'post', path: '/api/auth/logout', summary: 'Revoke the current session', auth: 'member', status: 204, errors: ['unauthorized', 'session_expired', 'token_invalid'] },
  { method: 'get', path: '/api/me', summary: 'The signed-in member and balances', auth: 'member', response: meResponse, errors: ['unauthorized', 'session_expired', 'token_invalid'] },
  { method: 'get', path: '/api/wallet/ledger', summary: 'Ledger entries, newest first', auth: 'member', query: pageQuery, response: ledgerPage, errors: ['unauthorized', 'validation_failed'] },
  { method: 'post', path: '/api/pins/redeem', summary: 'Redeem a PIN code for points (credits once)', auth: 'member', idempotent: true, body: redeemBody, response: redeemResponse, errors: ['validation_failed', 'pin_not_found', 'pin_redeemed', 'redeem_failed', 'rate_limited'] },
  { method: 'post', path: '/api/admin/pins', summary: 'Create a batch of PIN codes (codes are returned once)', auth: 'operator', body: createPinsBody, response: createPinsResponse, status: 201, errors: ['forbidden', 'validation_failed'] },
  { method: 'post', path: '/api/admin/adjustments', summary: 'Queue a credit (amount > 0) or debit (amount < 0) of a member wallet; the worker applies it once and pushes `balance`', auth: 'operator', idempotent: true, body: adjustmentBody, response: adjustmentResponse, status: 202, errors: ['unauthorized', 'forbidden', 'validation_failed', 'idempotency_key_required', 'idempotency_key_reused'] },
  { method: 'get', path: '/api/products', summary: 'Products on sale, with rules (unconfirmed facts named in rules.unconfirmed)', response: z.array(productSummarySchema), errors: [] },
  { method: 'get', path: '/api/products/{code}', summary: 'One product with its full rules and prize table', response: productDetailSchema, errors: ['product_not_found'] },
  { method: 'get', path: '/api/products/{code}/draws', summary: 'Draws of a product: open (on sale), closed (awaiting result), drawn (newest first); the seed appears only once drawn', query: drawsQuery, response: drawList, errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/results/{code}', summary: 'Drawn issues with results, seed hash and revealed seed, newest first', query: resultsQuery, response: resultsPage, errors: ['product_not_found', 'validation_failed'] },
  { method: 'get', path: '/api/keno/{code}/clock', summary: 'The game clock: phase, issue, deadlines, server time and last result', response: clockSnapshotSchema, errors: ['product_not_found'] },
  { method: 'post', path: '/api/orders/quote', summary: 'Price a keno or football (HKS01) order without placing it: units, bets, stake, fee, max prize (local amounts) and total (GP hundredths); football prices are checked against the current odds', auth: 'member', body: orderBody, response: quoteResponse, errors: ['validation_failed', 'product_not_found', 'selection_exceeds_pick_count', 'below_minimum_purchase', 'exceeds_max_prize', 'odds_changed', 'sales_closed'] },
  { method: 'post', path: '/api/orders', summary: 'Place a keno or football (HKS01) order: debits the wallet (keno trial → trial account) and queues the purchase; pushes `order` and `balance`. Football: `odds_changed` when a price moved (a better one is taken with `acceptBetterOdds`)', auth: 'member', idempotent: true, body: orderBody, response: orderResponse, status: 201, errors: ['validation_failed', 'idempotency_key_required', 'product_not_found', 'selection_exceeds_pick_count', 'below_minimum_purchase', 'exceeds_max_prize', 'odds_changed', 'sales_closed', 'insufficient_points'] },
  { method: 'get', path: '/api/orders', summary: "The member's orders, newest first, filtered by status and product", auth: 'member', query: ordersQuery, response: ordersPage, errors: ['validation_failed'] },
  { method: 'get', path: '/api/orders/{id}', summary: 'One of the member’s orders with its status history', auth: 'member', response: orderResponse, errors: ['order_not_found'] },
  { method: 'get', path: '/api/admin/order-flags', summary: 'Orders the back office must look at: tickets bought after a refund, purchases whose outcome the gateway could not tell', auth: 'operator', response: orderFlagList, errors: [] },
  { method: 'post', path: '/api/admin/orders/{id}/confirm', summary: 'Manual purchase gateway: confirm the ticket was bought (0/1 → 2); `order_issue` once the order timed out', auth: 'operator', body: confirmOrderBody, response: orderResponse, errors: ['validation_failed', 'order_not_found', 'order_issue'] },
  { method: 'post', path: '/api/admin/draws/{id}/result', summary: 'Manual result source: enter the official numbers of a draw whose sales have closed; published once (409 `result_exists` the second time)', auth: 'operator', body: manualResultBody, response: drawSchema, errors: ['validation_failed', 'not_found', 'result_exists'] },
  { method: 'get', path: '/api/football/events', summary: 'Football events (default: open and closed, by kick-off) with every market and its prices as decimal strings', query: footballEventsQuery, response: z.array(footballEventSchema), errors: ['validation_failed'] },
  { method: 'get', path: '/api/football/events/{id}', summary: 'One football event: markets, analysis (last five of each team, HAD probabilities without the margin) and recent odds history (oldest first)', query: footballEventDetailQuery, response: footballEventDetailSchema, errors: ['validation_failed', 'not_found'] },
  { method: 'get', path: '/api/football/results', summary: 'Finished football events (resulted or void), newest first, with the winning and refunded selections of every market', query: footballResultsQuery, response: footballResultsPage, errors: ['validation_failed'] },
  { method: 'get', path: '/api/football/standings', summary: 'League tables from our own results: played, won, drawn, lost, goals, points (3/1/0) and last-five form', response: standingsSchema, errors: [] },
  { method: 'post', path: '/api/admin/events/{id}/result', summary: 'Enter a football result (once sales have closed) or a void reason (any time before a result); queues settlement and pushes `odds`; 409 `result_exists` the second time', auth: 'operator', body: footballResultBody, response: footballEventSchema, errors: ['validation_failed', 'not_found', 'result_exists'] },
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** A request body's schema; a union of object bodies (keno | football orders) is still an object. */
function bodySchema(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as { type?: string; anyOf?: Array<{ type?: string }> };
  return json.anyOf?.every((option) => option.type === 'object') ? { type: 'object', ...json } : json;
}

/** Every error a route can answer: its own, plus what its auth and Idempotency-Key imply. */
function errorsOf(op: Operation): ErrorCode[] {
  const implied: ErrorCode[] = [
    ...(op.auth ? (['unauthorized', 'session_expired', 'token_invalid'] as const) : []),
    ...(op.auth === 'operator' ? (['forbidden'] as const) : []),
    ...(op.idempotent ? (['validation_failed', 'idempotency_key_reused'] as const) : []),
    ...(op.path.includes('{id}') ? (['validation_failed'] as const) : []),
  ];
  return [...new Set([...implied, ...op.errors])];
}

function queryParameters(query: Operation['query']) {
  if (!query) return [];
  if (query instanceof z.ZodType) {
    const schema = jsonSchema(query, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
    return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      schema: property,
    }));
  }
  return Object.entries(query).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'integer' } }));
}

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
    for (const code of errorsOf(op)) {
      const status = String(ERROR_CATALOGUE[code].status);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
        name === 'id'
          ? { name, in: 'path', required: true, description: ID_PARAMETER_RULE, schema: { type: 'string', pattern: ID_PATTERN } }
          : { name, in: 'path', required: true, schema: { type: 'string' } },
      ),
      ...queryParameters(op.query),
      ...(op.idempotent ? [{ name: 'Idempotency-Key', in: 'header', description: 'Repeats return the first result', schema: { type: 'string', maxLength: 100 } }] : []),
    ];
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        summary: op.summary,
        ...(op.auth ? { security: [{ bearer: [] }], 'x-role': op.auth } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema(op.body) } } } } : {}),
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
