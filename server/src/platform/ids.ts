import { AppError } from './errors.ts';

/**
 * A row id or a reference to one, in all server code: a number, as PostgreSQL's int8 comes back
 * (db/database.ts parses int8 as a number; ids stay far below 2^53). Only the edges see text: the
 * API's JSON carries ids as decimal strings (presenters write `String(id)`), and a route reads an
 * id from the outside with `idParam`/`readId` below. db/types.ts says the same for the tables.
 */
export type Id = number;

/**
 * Every id the API hands out is a bigint row id in decimal: 1–18 digits, no sign, no leading zero
 * (below 10^18, so always inside PostgreSQL's bigint; the same shape as `isFootballEventId`).
 */
export const isId = (raw: unknown): raw is string => typeof raw === 'string' && /^[1-9]\d{0,17}$/.test(raw);

/** `isId` as the OpenAPI document states it (JSON Schema `pattern`). */
export const ID_PATTERN = '^[1-9][0-9]{0,17}$';

/**
 * The one id parser (docs/architecture.md "The HTTP edge"). A malformed id is the caller's
 * mistake, answered like any other malformed input, whatever the endpoint: 422
 * `validation_failed` with `fields: { <field>: 'invalid' }`. A well-formed id that names nothing is
 * the endpoint's own 404 (`order_not_found`, `not_found`, …), decided by its service.
 */
export function parseId(raw: unknown, field = 'id'): string {
  if (!isId(raw)) throw new AppError('validation_failed', { fields: { [field]: 'invalid' } });
  return raw;
}

/**
 * An id from the outside (a route parameter, a body or query field, a socket's channel) as the
 * server's `Id`: `parseId`'s checks, then the number. An id above 2^53 is well-formed but names no
 * row (none is that large), so it becomes a number that finds nothing: the endpoint's own 404.
 */
export const readId = (raw: unknown, field = 'id'): Id => Number(parseId(raw, field));
