import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fieldErrors, type ErrorCode } from '@gp/common';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { readId, type Id } from './ids.ts';
import { readIdempotencyKey } from './idempotency.ts';
import type { PolicyName, RateLimiter } from './rate-limiter.ts';

/*
 * The HTTP edge (docs/architecture.md "The HTTP edge"). A route declares its chain, in this order:
 *
 *   auth → idParam('id') → idempotencyKey() → validateBody(schema) / validateQuery(schema) → rateLimit(policy) → handler
 *
 *   router.post('/pins/redeem', requireUser(auth), redeemKey, redeem, wrongCodes, async (req, res) => …)
 *
 * Each middleware that reads something keeps its result for the handler, typed: `redeem.of(req)`.
 */

/** Parses `data` with `schema` or throws `validation_failed` with per-field codes. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError('validation_failed', { fields: fieldErrors(result.error) });
  return result.data;
}

/** A middleware that works out a value for the request and keeps it for the handler: `parsed.of(req)`. */
export interface Parsed<T> extends RequestHandler {
  /** The value this middleware kept for `req`; a route that reads it without the middleware in its chain is a bug (500). */
  of(req: Request): T;
}

/** Builds a `Parsed` middleware from `compute` (sync or async; a throw goes to the error handler, the handler never runs). */
export function attach<T>(name: string, compute: (req: Request) => T | Promise<T>): Parsed<T> {
  const kept = new WeakMap<Request, { value: T }>();
  const middleware: RequestHandler = async (req, _res, next) => {
    kept.set(req, { value: await compute(req) });
    next();
  };
  return Object.assign(middleware, {
    of(req: Request): T {
      const box = kept.get(req);
      if (!box) throw new Error(`${name} is not in this route's chain`);
      return box.value;
    },
  });
}

/**
 * The request body, parsed with `schema` (422 `validation_failed` with per-field codes otherwise).
 * `schema` may be chosen from the raw body (the order routes pick the family by product code).
 */
export function validateBody<S extends z.ZodType>(schema: S | ((body: unknown) => S)): Parsed<z.output<S>> {
  const schemaOf = typeof schema === 'function' ? schema : () => schema;
  return attach('validateBody', (req) => validate(schemaOf(req.body), req.body));
}

/** The query string, parsed with `schema` (Express 5's `req.query` is read-only: the parsed values live here). */
export function validateQuery<S extends z.ZodType>(schema: S): Parsed<z.output<S>> {
  return attach('validateQuery', (req) => validate(schema, req.query));
}

/** The route parameter `name` as an id (`readId`: 422 `validation_failed`, `fields: { <name>: 'invalid' }` when malformed), first in the chain after auth. */
export const idParam = (name: string): Parsed<Id> => attach(`idParam(${name})`, (req) => readId(req.params[name], name));

/** The Idempotency-Key header (API.md): `required` answers `idempotency_key_required` without one; over 100 chars is 422. */
export function idempotencyKey(required: true): Parsed<string>;
export function idempotencyKey(required?: false): Parsed<string | undefined>;
export function idempotencyKey(required = false): Parsed<string | undefined> {
  return attach('idempotencyKey', (req) => readIdempotencyKey(req.headers['idempotency-key'], required));
}

/** The client's address: the socket's peer, or X-Forwarded-For only through TRUST_PROXY's proxies. */
export const byAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** 429 `rate_limited`; the error handler sends `Retry-After` from `details.retryAfter`. */
export const rateLimited = (retryAfter: number) => new AppError('rate_limited', { details: { retryAfter: Math.max(1, retryAfter) } });

/** An attempt counted before its work runs; `run` says how the work ended. */
export interface Attempt {
  /** Runs the request's work: a failure the limit counts keeps its count, a success or any other error gives it back. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** The outcomes of a counted attempt (auth/limits.ts's login does more than give points back on success). */
export interface AttemptOutcomes {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  abandoned(): Promise<void>;
}

/** An `Attempt` that reports to `outcomes`: `failed` when the work throws an `AppError` whose code is in `failures`. */
export function countedAttempt(failures: readonly ErrorCode[], outcomes: AttemptOutcomes): Attempt {
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      let result: T;
      try {
        result = await work();
      } catch (error) {
        await (error instanceof AppError && failures.includes(error.code) ? outcomes.failed() : outcomes.abandoned());
        throw error;
      }
      await outcomes.succeeded();
      return result;
    },
  };
}

/**
 * Rate limits as route middleware, over the platform's named policies (platform/rate-limiter.ts).
 * A refused request answers 429 `rate_limited` with `Retry-After` and is itself not counted.
 */
export function rateLimits(limiter: RateLimiter) {
  return {
    /** Every request that reaches it counts once under `policy` for `keyOf(req)` (put it after validation: a refused form does not count). */
    rateLimit(policy: PolicyName, keyOf: (req: Request) => string): RequestHandler {
      return async (req, _res, next) => {
        const key = keyOf(req);
        const verdict = await limiter.consume(policy, key);
        if (verdict.limited) {
          await limiter.reward(policy, key);
          throw rateLimited(verdict.retryAfter);
        }
        next();
      };
    },

    /**
     * Only failures count: the attempt is counted before the handler's work runs (so parallel
     * attempts cannot slip past the limit) and given back unless the work fails with one of
     * `failures`. The handler runs its work through `limit.of(req).run(…)`.
     */
    failureLimit(policy: PolicyName, keyOf: (req: Request) => string, failures: readonly ErrorCode[]): Parsed<Attempt> {
      return attach(`failureLimit(${policy})`, async (req) => {
        const key = keyOf(req);
        const verdict = await limiter.consume(policy, key);
        const giveBack = async () => {
          await limiter.reward(policy, key);
        };
        if (verdict.limited) {
          await giveBack();
          throw rateLimited(verdict.retryAfter);
        }
        return countedAttempt(failures, { failed: async () => {}, succeeded: giveBack, abandoned: giveBack });
      });
    },
  };
}

/** Express 5 forwards rejected promises to the error handler; this only types the handler. */
export const route =
  (handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown> | unknown): RequestHandler =>
  async (req, res, next) => {
    await handler(req, res, next);
  };

/**
 * PostgreSQL text cannot hold a NUL character: refuse any string carrying one (body, query or
 * path) with 422 `validation_failed` before a handler sees it, instead of a 500 halfway through.
 * Walks without recursion (a 100 kb body can nest thousands deep) and builds a field's path only
 * for a string that fails. Every offending field is marked (up to 20).
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  if (req.path.includes('%00') || req.path.includes('\u0000')) throw new AppError('validation_failed', { fields: { path: 'invalid' } });
  const fields = [...nulFields(req.body), ...nulFields(req.query)];
  if (fields.length) throw new AppError('validation_failed', { fields: Object.fromEntries(fields.map((field) => [field, 'invalid' as const])) });
  next();
};

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

/** The dotted paths (as `fields` names them) of the strings or keys in `root` holding a NUL; `body` for the root itself. */
function nulFields(root: unknown, max = 20): string[] {
  const found: string[] = [];
  const stack: Visit[] = [{ value: root, key: null, parent: null }];
  const pathOf = (visit: Visit) => {
    const parts: string[] = [];
    for (let at: Visit | null = visit; at; at = at.parent) if (at.key !== null) parts.push(at.key.replaceAll('\u0000', ''));
    return parts.reverse().slice(0, 32).join('.') || 'body'; // a field name, not the whole nesting of a hostile body
  };
  while (stack.length && found.length < max) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(pathOf(visit));
    } else if (value && typeof value === 'object') {
      const children: Visit[] = [];
      for (const [key, child] of Object.entries(value)) {
        const next: Visit = { value: child, key, parent: visit };
        if (key.includes('\u0000')) found.push(pathOf(next));
        else children.push(next);
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!); // in document order
    }
  }
  return [...new Set(found)];
}

/** What a stored upload (a ticket scan, a chat screenshot) is served with: nothing in it may run or be framed. */
export const STORED_FILE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * Serves an uploaded file (issue 29 item 2, ASVS 12.5.2 / 14.4.2): `Content-Disposition: attachment`
 * (a browser opening the URL downloads it rather than rendering it as a page), a sandboxing CSP
 * (should it be rendered anyway, no script runs and it has no origin), and `nosniff` (the declared
 * type is the only one). The web client fetches these as blobs and shows them itself.
 */
export function sendStoredFile(res: Response, file: { contentType: string; body: Buffer | Uint8Array }, name: string, cacheControl?: string) {
  res.type(file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.${EXTENSIONS[file.contentType] ?? 'bin'}"`);
  res.setHeader('Content-Security-Policy', STORED_FILE_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (cacheControl) res.setHeader('Cache-Control', cacheControl);
  res.send(file.body);
}
