import { FIELD_CODES, isErrorCode, type FieldCode } from '@gp/common/errors';
import { ApiError } from '../api/api-error.ts';
import type { MessageId } from '../i18n/message-ids.ts';

/** Field name → code: a FIELD_CODE (client or server validation) or an error code such as `code_invalid`. */
export type FieldErrors = Readonly<Record<string, string>>;

/** Codes only the browser gives (a check made before any request), each with its own message. */
const CLIENT_FIELD_MESSAGES: Readonly<Record<string, MessageId>> = { pin_format: 'pins.formatError' };

export function fieldMessageId(code: string): MessageId {
  if ((FIELD_CODES as readonly string[]).includes(code)) return `field.${code as FieldCode}`;
  if (Object.hasOwn(CLIENT_FIELD_MESSAGES, code)) return CLIENT_FIELD_MESSAGES[code]!;
  if (isErrorCode(code)) return `error.${code}`;
  return 'field.invalid';
}

/**
 * The per-field part of a failed request, to show under the fields (API.md `error.fields`).
 * `fieldForCode` places whole-request codes that concern one field, e.g. code_invalid → code.
 * Returns null when the error is not about fields (then it is a toast).
 */
export function serverFieldErrors(error: unknown, fieldForCode: Record<string, string> = {}): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  if (Object.keys(error.fields).length > 0) return error.fields;
  const field = fieldForCode[error.code];
  return field ? { [field]: error.code } : null;
}
