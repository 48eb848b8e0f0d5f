import type { AdminWithdrawal } from '@gp/common';

/**
 * The bank-transfer batch file the finance team uploads to their bank (issue 33 item 2): one line
 * per approved withdrawal, in the columns WITHDRAWAL_BATCH_COLUMNS names. Taiwanese banks' bulk
 * transfer (整批匯款) layouts differ from bank to bank and none was confirmed against a bank's own
 * specification, so the layout is a setting (docs/withdrawals.md says what is and is not known).
 */
export type BatchColumn = 'bank_code' | 'branch_code' | 'account_number' | 'account_name' | 'amount' | 'currency' | 'reference' | 'memo';

const HEADERS: Record<BatchColumn, string> = {
  bank_code: 'bank_code',
  branch_code: 'branch_code',
  account_number: 'account_number',
  account_name: 'account_name',
  amount: 'amount',
  currency: 'currency',
  reference: 'reference',
  memo: 'memo',
};

/** Whole units of the payout (minor units ÷ 100; JPY and KRW have none). */
const wholeUnits = (w: AdminWithdrawal) => (w.currency === 'JPY' || w.currency === 'KRW' ? w.payout : Math.floor(w.payout / 100));

function cell(w: AdminWithdrawal, column: BatchColumn): string {
  switch (column) {
    case 'bank_code':
      return w.bankCode.slice(0, 3);
    case 'branch_code':
      return w.bankCode.slice(3);
    case 'account_number':
      return w.accountNumber;
    case 'account_name':
      return w.accountName;
    case 'amount':
      return String(wholeUnits(w));
    case 'currency':
      return w.currency;
    case 'reference':
      return `W${w.id}`;
    case 'memo':
      return `GPoints withdrawal ${w.id}`;
  }
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; and a member's text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with `'`.
 */
export function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function batchFile(withdrawals: readonly AdminWithdrawal[], columns: readonly BatchColumn[], header: boolean) {
  const lines = withdrawals.map((w) => columns.map((c) => csvField(cell(w, c))).join(','));
  if (header) lines.unshift(columns.map((c) => HEADERS[c]).join(','));
  return lines.map((line) => `${line}\r\n`).join('');
}
