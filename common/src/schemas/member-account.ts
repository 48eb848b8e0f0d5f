import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

/**
 * The member's own account (issue 32 item 5, docs/responsible-play.md "Your account"): the data
 * export, monthly statements and closing the account.
 */

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS, { error: 'invalid' }).default('json') });

/** Whether the runtime knows `zone` as an IANA time zone (`Asia/Taipei`, `Europe/London`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z.string({ error: 'invalid' }).max(64, { error: 'invalid' }).refine(isTimeZone, { error: 'invalid' });

/** `GET /api/me/statements?month=YYYY-MM&timeZone=…&format=json|csv`: the month in the member's zone (the site's when left out). */
export const statementQuery = z.object({
  month: z
    .string({ error: 'required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'invalid' })
    .refine((month) => Number(month.slice(0, 4)) >= 2000 && Number(month.slice(0, 4)) <= 2100, { error: 'invalid' }),
  timeZone: timeZoneField.optional(),
  format: z.enum(EXPORT_FORMATS, { error: 'invalid' }).default('json'),
});
export type StatementQuery = z.input<typeof statementQuery>;

/** The lines of a statement, in GP hundredths of real points: signed as the ledger signs them. */
export const STATEMENT_LINES = ['deposits', 'stakes', 'prizes', 'refunds', 'withdrawals', 'adjustments'] as const;
export type StatementLine = (typeof STATEMENT_LINES)[number];

export interface Statement {
  month: string;
  timeZone: string;
  /** The month's first instant and the next month's first instant in `timeZone`, as UTC ISO times. */
  from: string;
  to: string;
  currency: 'GP';
  openingBalance: number;
  lines: Record<StatementLine, number>;
  /** Sum of the lines: `closingBalance - openingBalance`. */
  net: number;
  closingBalance: number;
  entries: number;
}

/** `POST /api/me/close`: the password again, and the member's positive confirmation. */
export const closeAccountBody = z.object({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX_LENGTH * 4, { error: 'invalid' }),
  confirm: z.literal(true, { error: 'required' }),
});
export type CloseAccountBody = z.input<typeof closeAccountBody>;

/** What closing did with the balance (the rule is stated before the member confirms). */
export interface ClosedAccount {
  closedAt: string;
  /** Real points left on the account: still the member's, paid out or refunded through customer service. */
  realBalance: number;
  /** Of those, prize winnings a withdrawal may take. */
  withdrawable: number;
  /** Trial points forfeited (they have no cash value), posted once to the ledger. */
  trialForfeited: number;
  /** Withdrawals still open: they go on to be paid (or returned) as usual. */
  openWithdrawals: number;
  /** When the identity check's files are deleted (null when there are none). */
  identityFilesDeletedAfter: string | null;
}
