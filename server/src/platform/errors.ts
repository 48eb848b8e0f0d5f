import { ERROR_CATALOGUE, type ErrorCode, type FieldCode } from '@gp/common';

/**
 * An error a user can cause, with its stable API code. Routes throw these; the error middleware
 * turns them into `{ error: { code, message, fields?, details? } }` with the catalogue's status.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly extra: { fields?: Record<string, FieldCode>; details?: Record<string, unknown>; status?: number } = {},
  ) {
    super(ERROR_CATALOGUE[code].message);
    this.status = extra.status ?? ERROR_CATALOGUE[code].status;
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.extra.fields ? { fields: this.extra.fields } : {}),
        ...(this.extra.details ? { details: this.extra.details } : {}),
      },
    };
  }
}

export const appError = (code: ErrorCode, extra?: ConstructorParameters<typeof AppError>[1]) => new AppError(code, extra);
