import { STATEMENT_LINES, zonedToUtc, type Statement, type StatementLine } from '@gp/common';
import type { Executor } from '../db/database.ts';
import { csvDocument } from '../platform/csv.ts';
import { memberAccountRepo, type LedgerTotals } from './repo.ts';

/** Which ledger kinds make each line: deposits take PINs redeemed too; every kind lands on one line. */
const LINE_OF: Record<keyof LedgerTotals, StatementLine> = {
  deposit: 'deposits',
  pin: 'deposits',
  order: 'stakes',
  prize: 'prizes',
  refund: 'refunds',
  withdrawal: 'withdrawals',
  adjustment: 'adjustments',
};

/** The first instant of `month` (YYYY-MM) and of the month after, in `timeZone`. */
export function monthBounds(month: string, timeZone: string) {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const start = (y: number, mo: number) => new Date(zonedToUtc(timeZone, { year: y, month: mo, day: 1, hour: 0, minute: 0, second: 0 }));
  return { from: start(year, m), to: m === 12 ? start(year + 1, 1) : start(year, m + 1) };
}

/**
 * A month's activity statement (issue 32 item 5; RTS 1 and 2 ask that members can see their
 * transactions): the real-point ledger of the month in the member's zone, summed into lines. The
 * figures are the ledger's own, so `opening + net = closing` always holds. Trial points are not in it.
 */
export async function statementOf(db: Executor, userId: number, month: string, timeZone: string): Promise<Statement> {
  const { from, to } = monthBounds(month, timeZone);
  const totals = await memberAccountRepo.monthTotals(db, userId, from, to);
  const lines = Object.fromEntries(STATEMENT_LINES.map((line) => [line, 0])) as Record<StatementLine, number>;
  let entries = 0;
  for (const row of totals.rows) {
    lines[LINE_OF[row.kind]] += row.total;
    entries += row.entries;
  }
  const net = STATEMENT_LINES.reduce((sum, line) => sum + lines[line], 0);
  return { month, timeZone, from: from.toISOString(), to: to.toISOString(), currency: 'GP', openingBalance: totals.opening, lines, net, closingBalance: totals.closing, entries };
}

/** The statement as a CSV a spreadsheet opens: one line per figure, amounts in GP (two decimals) and in hundredths. */
export function statementCsv(statement: Statement) {
  const gp = (hundredths: number) => (hundredths / 100).toFixed(2);
  const rows: Array<[string, number]> = [['opening_balance', statement.openingBalance], ...STATEMENT_LINES.map((line): [string, number] => [line, statement.lines[line]]), ['net', statement.net], ['closing_balance', statement.closingBalance]];
  return {
    filename: `gpoints-statement-${statement.month}.csv`,
    csv: csvDocument(
      ['month', 'time_zone', 'line', 'amount_gp', 'amount_hundredths', 'currency'],
      rows.map(([line, amount]) => [statement.month, statement.timeZone, line, gp(amount), amount, statement.currency]),
    ),
  };
}
