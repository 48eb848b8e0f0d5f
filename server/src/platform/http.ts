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
