import { userRoom, type BalancePayload, type LedgerEntry, type Paged } from '@gp/common';
import type { Executor, Tx } from '../db/database.ts';
import { AppError } from '../platform/errors.ts';
import type { BusMessage, EventBus } from '../platform/event-bus.ts';
import type { Platform } from '../platform/platform.ts';
import { walletRepo, type Posting, type WalletAudit } from './repo.ts';

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
export const walletService = {
  async open(trx: Tx, userId: string) {
    await walletRepo.insertWallet(trx, userId);
  },

  async balances(db: Executor, userId: string): Promise<Balances> {
    const row = await walletRepo.balances(db, userId);
    return { balance: row?.balance ?? 0, trialBalance: row?.trial_balance ?? 0 };
  },

  /** Credits a positive amount. */
  credit(trx: Tx, posting: Omit<Posting, 'amount'> & { amount: number }) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('credit must be a positive integer');
    return post(trx, posting);
  },

  /** Debits a positive amount; `insufficient_points` when the account cannot cover it. */
  debit(trx: Tx, posting: Omit<Posting, 'amount'> & { amount: number }) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount <= 0) throw new RangeError('debit must be a positive integer');
    return post(trx, { ...posting, amount: -posting.amount });
  },

  async ledger(db: Executor, userId: string, page: number, pageSize: number): Promise<Paged<LedgerEntry>> {
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
    balances: (userId: string) => walletService.balances(platform.db, userId),
    ledger: (userId: string, page: number, pageSize: number) => walletService.ledger(platform.db, userId, page, pageSize),
  };
}

async function post(trx: Tx, posting: Posting): Promise<Balances & { entryId: string }> {
  let row;
  try {
    row = await walletRepo.post(trx, posting);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicatePostingError(posting);
    throw error;
  }
  if (!row) {
    const exists = await walletRepo.balances(trx, posting.userId);
    if (!exists) throw new Error(`user ${posting.userId} has no wallet`);
    throw new AppError('insufficient_points');
  }
  return { entryId: String(row.id), balance: row.balance, trialBalance: row.trial_balance };
}

/** The `balance` push for the owner's sockets (only theirs): write it to the outbox with the posting. */
export function balanceMessage(userId: string, balances: Balances, at: Date): BusMessage {
  const payload: BalancePayload = { balance: balances.balance, trialBalance: balances.trialBalance, at: at.toISOString() };
  return { room: userRoom(userId), event: 'balance', payload };
}

/** Pushes the new balance to the owner's sockets (only theirs). Call after the commit. */
export async function publishBalance(bus: EventBus, userId: string, balances: Balances, at: Date) {
  await bus.publish(balanceMessage(userId, balances, at));
}
