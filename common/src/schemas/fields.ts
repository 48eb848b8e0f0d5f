import { z } from 'zod';
import { FIELD_CODES, type FieldCode } from '../errors.ts';

/**
 * Validation messages in our schemas ARE the field codes of API.md, so the server can return
 * them as `error.fields` and the client can translate them with the same keys.
 * Example: a sign-up body without an email → `{ email: "required" }`.
 */
export function fieldErrors(error: z.ZodError): Record<string, FieldCode> {
  const fields: Record<string, FieldCode> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (key in fields) continue; // first problem per field is the one a user fixes first
    fields[key] = (FIELD_CODES as readonly string[]).includes(issue.message) ? (issue.message as FieldCode) : 'invalid';
  }
  return fields;
}

/** A required, trimmed string: missing, wrong type or blank all read as `required`. */
export const requiredText = (max = 200) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'invalid' });

/**
 * An id in a request body or query: a decimal string on the wire (1–18 digits, no leading zero; ids
 * are strings in JSON), parsed to the number the server uses for every id (a bigint row id, far
 * below 2^53). Request types are `z.input` (the string), the server reads `z.output` (the number).
 */
export const requestId = z
  .string({ error: 'required' })
  .trim()
  .regex(/^[1-9]\d{0,17}$/, { error: 'invalid' })
  .transform(Number);

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).default(1),
  pageSize: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .min(1, { error: 'invalid' })
    .max(100, { error: 'invalid' })
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
