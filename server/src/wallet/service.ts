import { userRoom, type BalancePayload, type LedgerEntry, type LedgerRefundCause, type OrderRefundCause, type Paged } from '@gp/common';
import type { Executor, SqlPart, Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { BusMessage, EventBus } from '../platform/event-bus.ts';
import type { Platform } from '../platform/platform.ts';
import { debitsFrom, walletRepo, type DebitColumns, type Posting, type WalletAudit } from './repo.ts';

/** One ledger entry to post: what `credit`, `creditMany` and `debit` take. */
export type { Posting };

export interface Balances {
  balance: number;
  trialBalance: number;
}

/** Thrown when a cause (kind + ref) tries to post a second time; the transaction rolls back. */
export class DuplicatePostingError extends Error {
  constructor(readonly posting: Posting) {
    super(`${posting.kind} ${posting.refType}:${posting.refId} has already posted`);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/**
 * The only module that moves GPoints. Every method that changes a balance takes the caller's
 * transaction, so the posting commits or rolls back together with the cause (an order, a PIN
 * redemption, a refund). Publish the new balance with `publishBalance` after the commit.
 */
/**
 * A refund entry's cause, from its order: a refunded order's (status 9) own cause; a refund on an
 * order that was settled instead is a football slip's stake back on void or push selections.
 */
function refundCauseOf(orderStatus: number | null, orderCause: OrderRefundCause | null): LedgerRefundCause | null {
  if (orderStatus === null) return null;
  return orderStatus === 9 ? orderCause : 'selection_void';
}

export const walletService = {
  async open(trx: Tx, userId: number) {
    await walletRepo.insertWallet(trx, userId);
  },

  async balances(db: Executor, userId: number): Promise<Balances> {
    const row = await walletRepo.balances(db, userId);
    return { balance: row?.balance ?? 0, trialBalance: row?.trial_balance ?? 0 };
  },

  /** Credits a positive amount. */
  credit(trx: Tx, posting: Omit<Posting, 'amount'> & { amount: number }) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('credit must be a positive integer');
    return post(trx, posting);
  },

  /**
   * Credits many positive amounts at once (a draw's prizes): one ledger row per posting, each
   * wallet moved once. Returns the balances of each credited wallet after all of them. A cause
   * that has already posted fails the whole batch (DuplicatePostingError), as `credit` does.
   */
  async creditMany(trx: Tx, postings: readonly Posting[]): Promise<Map<number, Balances>> {
    for (const p of postings) if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new RangeError('credit must be a positive integer');
    let rows;
    try {
      rows = await walletRepo.postCredits(trx, postings);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicatePostingError(postings[0]!);
      throw error;
    }
    return new Map(rows.map((row) => [row.user_id, { balance: row.balance, trialBalance: row.trial_balance }]));
  },

  /** Debits a positive amount; `insufficient_points` when the account cannot cover it. */
  async debit(trx: Tx, posting: Omit<Posting, 'amount'> & { amount: number }) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('debit must be a positive integer');
    // Points a refunded deposit left owing must be settled before the member orders again (issue
    // 14): checked inside the debit's own statement, and named only when the debit is refused.
    return post(trx, { ...posting, amount: -posting.amount }, { unlessInDebt: inDebtRefusesIt(posting) });
  },

  /**
   * `debit` for many wallets inside the caller's own statement (see `debitsFrom` in ./repo.ts):
   * `columns` gives each debit's row of the caller's source (checked as `debit` checks it, with
   * the same refusal while the member owes points), `steps` the CTEs that make them. A debit that
   * did not happen has no row in `wallet_moved`; `whyNotDebited` then names the refusal.
   */
  debits: {
    columns(posting: Pick<Posting, 'userId' | 'account' | 'kind'> & { amount: number }): DebitColumns {
      if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('debit must be a positive integer');
      return { user_id: posting.userId, account: posting.account, kind: posting.kind, amount: posting.amount, unless_debt: inDebtRefusesIt(posting) };
    },
    steps: (source: string, when: SqlPart<boolean>) => debitsFrom(source, when),
  },

  /**
   * Why a debit of `amount` (tried by `debits.steps` a moment ago) did not happen, as the error
   * `debit` would have thrown (`wallet_debt`, `insufficient_points`); undefined if it would pass now.
   */
  whyNotDebited(db: Executor, posting: Pick<Posting, 'userId' | 'account' | 'kind'> & { amount: number }): Promise<Error | undefined> {
    return refusalOf(db, posting, inDebtRefusesIt(posting));
  },

  /**
   * Takes back up to `amount` real points for a cause that reverses a credit (a refunded or
   * charged-back deposit): what the balance holds is debited now, the rest is recorded as a debt
   * (`wallet_debts`, one per cause). While a debt is open, orders are refused (`wallet_debt`).
   */
  async clawBack(trx: Tx, posting: Omit<Posting, 'amount' | 'account'> & { amount: number }) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('claw-back must be a positive integer');
    const row = await walletRepo.realBalanceForUpdate(trx, posting.userId);
    if (!row) throw new Error(`user ${posting.userId} has no wallet`);
    const taken = Math.min(row.balance, posting.amount);
    const owed = posting.amount - taken;
    let balances = await walletService.balances(trx, posting.userId);
    if (taken > 0) balances = await post(trx, { ...posting, account: 'real', amount: -taken });
    if (owed > 0) await walletRepo.insertDebt(trx, { userId: posting.userId, refType: posting.refType, refId: posting.refId, amount: owed });
    return { taken, owed, balance: balances.balance, trialBalance: balances.trialBalance };
  },

  /** Points still owed by the member (see `clawBack`), with each debt. */
  async debts(db: Executor, userId: number) {
    const rows = await walletRepo.openDebts(db, userId);
    return { outstanding: rows.reduce((sum, r) => sum + r.remaining, 0), rows };
  },

  /**
   * Pays open debts from the real balance, oldest first, as far as it goes. Each payment is a
   * ledger entry of its own cause (`debt-settlement`, `<debt id>:<remaining before>`), so it posts once.
   */
  async settleDebts(trx: Tx, userId: number, at: Date) {
    const debts = await walletRepo.openDebts(trx, userId, true);
    const row = await walletRepo.realBalanceForUpdate(trx, userId);
    let available = row?.balance ?? 0;
    let paid = 0;
    for (const debt of debts) {
      const pay = Math.min(available, debt.remaining);
      if (pay <= 0) break;
      await post(trx, { userId, account: 'real', kind: 'deposit', amount: -pay, refType: 'debt-settlement', refId: `${debt.id}:${debt.remaining}` });
      await walletRepo.reduceDebt(trx, debt.id, debt.remaining, pay, at);
      available -= pay;
      paid += pay;
    }
    const left = debts.reduce((sum, d) => sum + d.remaining, 0) - paid;
    return { paid, outstanding: left, ...(await walletService.balances(trx, userId)) };
  },

  async ledger(db: Executor, userId: number, page: number, pageSize: number): Promise<Paged<LedgerEntry>> {
    const { rows, total } = await walletRepo.ledgerPage(db, userId, page, pageSize);
    return {
      items: rows.map((r) => ({
        id: String(r.id),
        kind: r.kind,
        account: r.account,
        amount: r.amount,
        balanceAfter: r.balance_after,
        refType: r.ref_type,
        refId: r.ref_id,
        productCode: r.product_code ?? null,
        refundCause: r.kind === 'refund' ? refundCauseOf(r.order_status ?? null, r.refund_cause ?? null) : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      page,
      pageSize,
      total,
    };
  },

  /** Every wallet whose balances differ from the sums of its ledger: the money invariant's alarm (it never should ring). */
  audit(db: Executor): Promise<WalletAudit[]> {
    return walletRepo.mismatched(db);
  },
};

/** The wallet reads of the HTTP edge (`/me`, the ledger page): on the pool, outside any transaction. */
export function walletReads(platform: Pick<Platform, 'db'>) {
  return {
    balances: (userId: number) => walletService.balances(platform.db, userId),
    ledger: (userId: number, page: number, pageSize: number) => walletService.ledger(platform.db, userId, page, pageSize),
  };
}

/** An order paid with real points waits until the member's debts are paid; nothing else does. */
const inDebtRefusesIt = (posting: Pick<Posting, 'kind' | 'account'>) => posting.kind === 'order' && posting.account === 'real';

/**
 * Why taking `amount` from a wallet was refused: it has none (a bug, not a member's error), its
 * owner owes points (`unlessInDebt`), or it holds too little; undefined if it would pass now.
 */
async function refusalOf(db: Executor, posting: Pick<Posting, 'userId' | 'account'> & { amount: number }, unlessInDebt: boolean): Promise<Error | undefined> {
  const balances = await walletRepo.balances(db, posting.userId);
  if (!balances) return new Error(`user ${posting.userId} has no wallet`);
  if (unlessInDebt && (await walletRepo.hasOpenDebt(db, posting.userId))) return new AppError('wallet_debt');
  const available = posting.account === 'real' ? balances.balance : balances.trial_balance;
  return available < posting.amount ? new AppError('insufficient_points') : undefined;
}

async function post(trx: Tx, posting: Posting, options: { unlessInDebt?: boolean } = {}): Promise<Balances & { entryId: string }> {
  let row;
  try {
    row = await walletRepo.post(trx, posting, options);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicatePostingError(posting);
    throw error;
  }
  if (!row) throw (await refusalOf(trx, { ...posting, amount: -posting.amount }, Boolean(options.unlessInDebt))) ?? new AppError('insufficient_points');
  return { entryId: String(row.id), balance: row.balance, trialBalance: row.trial_balance };
}

/** The `balance` push for the owner's sockets (only theirs): write it to the outbox with the posting. */
export function balanceMessage(userId: number, balances: Balances, at: Date): BusMessage {
  const payload: BalancePayload = { balance: balances.balance, trialBalance: balances.trialBalance, at: at.toISOString() };
  return { room: userRoom(userId), event: 'balance', payload };
}

/** Pushes the new balance to the owner's sockets (only theirs). Call after the commit. */
export async function publishBalance(bus: EventBus, userId: number, balances: Balances, at: Date) {
  await bus.publish(balanceMessage(userId, balances, at));
}
