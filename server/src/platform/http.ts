import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fieldErrors } from '@gp/common';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses `data` with `schema` or throws `validation_failed` with per-field codes. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError('validation_failed', { fields: fieldErrors(result.error) });
  return result.data;
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
