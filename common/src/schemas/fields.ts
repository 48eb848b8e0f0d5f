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
