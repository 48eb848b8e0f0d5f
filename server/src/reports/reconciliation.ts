import type { Reconciliation, ReconciliationCheck, ReconciliationFigure, ReconciliationMismatch } from '@gp/common';
import type { Executor } from '../db/database.ts';
import { walletService } from '../wallet/service.ts';
import { dayWindow } from './days.ts';
import { reconciliationRepo, type CauseRow } from './reconciliation-repo.ts';

/** The words a mismatch is listed with, per check and side: [no posting at all, a posting of another amount, a posting without its cause]. */
const CAUSES: Record<string, readonly [string, string, string]> = {
  deposit: ['deposit_not_credited', 'credit_differs', 'credit_without_deposit'],
  debit: ['order_not_debited', 'debit_differs', 'debit_without_order'],
  refund: ['refund_not_posted', 'refund_differs', 'refund_without_refunded_order'],
  prize: ['prize_not_credited', 'prize_differs', 'prize_without_settlement'],
  pin: ['pin_not_credited', 'credit_differs', 'credit_without_pin'],
  adjustment: ['adjustment_not_posted', 'posting_differs', 'posting_without_adjustment'],
  hold: ['withdrawal_not_held', 'hold_differs', 'hold_without_withdrawal'],
  return: ['return_not_posted', 'return_differs', 'return_without_closed_withdrawal'],
  paid: ['paid_without_hold', 'paid_differs_from_hold', ''],
  ledger: ['', '', 'unknown_cause'],
};

/** What a row of a check's side refers to in a mismatch (orphan adjustment and other postings are named by their ledger row). */
const REF_TYPES: Record<string, { cause: string; orphan: string }> = {
  deposit: { cause: 'deposit', orphan: 'deposit' },
  debit: { cause: 'order', orphan: 'order' },
  refund: { cause: 'order', orphan: 'order' },
  prize: { cause: 'order', orphan: 'order' },
  pin: { cause: 'pin', orphan: 'pin' },
  adjustment: { cause: 'adjustment', orphan: 'ledger' },
  hold: { cause: 'withdrawal', orphan: 'withdrawal' },
  return: { cause: 'withdrawal', orphan: 'withdrawal' },
  paid: { cause: 'withdrawal', orphan: 'withdrawal' },
  ledger: { cause: 'ledger', orphan: 'ledger' },
};

/** A refund counts against what orders charged: its side is subtracted from both figures. */
const sign = (row: CauseRow) => (row.side === 'refund' ? -1 : 1);

function mismatchesOf(check: ReconciliationCheck, rows: readonly CauseRow[]): ReconciliationMismatch[] {
  const out: ReconciliationMismatch[] = [];
  for (const row of rows) {
    const expected = Number(row.expected);
    const actual = Number(row.actual);
    if (!row.orphan && expected === actual) continue;
    const [missing, differs, orphan] = CAUSES[row.side]!;
    const refs = REF_TYPES[row.side]!;
    const extra = row.kind ? { kind: row.kind, refType: row.ref_type } : {};
    out.push({
      check,
      cause: row.orphan ? orphan : actual === 0 ? missing : differs,
      refType: row.orphan ? refs.orphan : refs.cause,
      refId: String(row.ref_id),
      expected: row.orphan ? null : expected,
      actual,
      detail: { side: row.side, ...extra },
    });
  }
  return out;
}

function figureOf(check: ReconciliationCheck, rows: readonly CauseRow[], mismatches: readonly ReconciliationMismatch[]): ReconciliationFigure {
  const expected = rows.reduce((sum, row) => sum + sign(row) * Number(row.expected), 0);
  const actual = rows.reduce((sum, row) => sum + sign(row) * Number(row.actual), 0);
  return { check, expected, actual, ok: expected === actual && !mismatches.some((m) => m.check === check) };
}

/**
 * Reconciles `date` (a day in `timeZone`) against the ledger (docs/back-office.md "Reconciling a
 * day"): the ledger total against the sum of balances (as of now), then per check the books' figure
 * for the day against the ledger's — deposits paid against deposit credits, orders charged less
 * refunds against order debits less refund credits, prizes settled against prize credits, PINs
 * redeemed and adjustments applied against theirs, withdrawals requested, returned and paid against
 * their holds and returns — with every mismatch listed by its cause, and
 * any posting of the day whose cause fits no check.
 */
export async function reconcileDay(db: Executor, timeZone: string, date: string, at: Date): Promise<Reconciliation> {
  const { start, end } = dayWindow(timeZone, date);
  const [totals, wallets, deposits, orders, prizes, pins, adjustments, withdrawals, other] = await Promise.all([
    reconciliationRepo.ledgerTotals(db),
    walletService.audit(db),
    reconciliationRepo.deposits(db, start, end),
    reconciliationRepo.orders(db, start, end),
    reconciliationRepo.prizes(db, start, end),
    reconciliationRepo.pins(db, start, end),
    reconciliationRepo.adjustments(db, start, end),
    reconciliationRepo.withdrawals(db, start, end),
    reconciliationRepo.otherCauses(db, start, end),
  ]);

  const walletMismatches: ReconciliationMismatch[] = wallets.flatMap((w) =>
    (
      [
        ['real', w.balance, Number(w.real_sum)],
        ['trial', w.trial_balance, Number(w.trial_sum)],
      ] as const
    )
      .filter(([, balance, sum]) => balance !== sum)
      .map(([account, balance, sum]) => ({ check: 'ledger_total' as const, cause: 'wallet_differs_from_ledger', refType: 'wallet', refId: String(w.user_id), expected: balance, actual: sum, detail: { account } })),
  );
  const ledgerTotal: ReconciliationFigure = { check: 'ledger_total', expected: Number(totals.balances), actual: Number(totals.ledger), ok: Number(totals.balances) === Number(totals.ledger) && walletMismatches.length === 0 };

  const checks: Array<[ReconciliationCheck, CauseRow[]]> = [
    ['deposits', deposits],
    ['orders', orders],
    ['prizes', prizes],
    ['pins', pins],
    ['adjustments', adjustments],
    ['withdrawals_held', withdrawals.filter((row) => row.side === 'hold')],
    ['withdrawals_returned', withdrawals.filter((row) => row.side === 'return')],
    ['withdrawals_paid', withdrawals.filter((row) => row.side === 'paid')],
    ['ledger_causes', other],
  ];
  const mismatches = [...walletMismatches, ...checks.flatMap(([check, rows]) => mismatchesOf(check, rows))];
  const figures = [ledgerTotal, ...checks.map(([check, rows]) => figureOf(check, rows, mismatches))];
  return { date, timeZone, at: at.toISOString(), ok: figures.every((f) => f.ok), figures, mismatches };
}
