import { isErrorCode, type ErrorCode, type FieldCode } from '@gp/common/errors';

/** Failures that never reached the API's error format: no connection, or a non-JSON reply. */
export type ClientErrorCode = 'network' | 'bad_response';

export class ApiError extends Error {
  readonly status: number;
  /** An API.md code, a client-side code, or (from a newer server) a code we do not know yet. */
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly fields: Readonly<Record<string, FieldCode>>;
  readonly details: Readonly<Record<string, unknown>>;
  /** Seconds from a `Retry-After` header (429), when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, FieldCode>;
    details?: Record<string, unknown>;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.details = init.details ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  get knownCode(): ErrorCode | null {
    return isErrorCode(this.code) ? this.code : null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
