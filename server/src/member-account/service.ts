import argon2 from 'argon2';
import type { ClosedAccount, CloseAccountBody, ExportFormat, Statement } from '@gp/common';
import { findAccountById, revokeSessionsOf } from '../auth/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { walletService } from '../wallet/service.ts';
import { scheduleClaimDocumentDeletion } from '../claims/service.ts';
import { scheduleKycFileDeletion, type WithdrawalService } from '../withdrawals/service.ts';
import { writeExport, type ExportSink } from './export.ts';
import { memberAccountRepo } from './repo.ts';
import { statementCsv, statementOf } from './statements.ts';

export type MemberAccountService = ReturnType<typeof createMemberAccountService>;

/** Live withdrawals a closure leaves to run their course. */
const OPEN_WITHDRAWALS = new Set(['requested', 'approved']);

/**
 * The member's own account (issue 32 item 5, docs/responsible-play.md "Your account"): the data
 * export, monthly statements, and closing the account.
 */
export function createMemberAccountService(platform: Pick<Platform, 'db' | 'now' | 'config' | 'outbox'>, deps: { withdrawals: WithdrawalService }) {
  const { db, now, config, outbox } = platform;

  return {
    exportTo: (userId: number, format: ExportFormat, sink: ExportSink) => writeExport(db, userId, format, now(), sink),

    statement: (userId: number, month: string, timeZone: string): Promise<Statement> => statementOf(db, userId, month, timeZone),
    statementCsv,

    /**
     * Closes the account, once, after the password checks out (`invalid_credentials`). The balance
     * rule (stated on the page before the member confirms):
     * - real points stay on the account, untouched: they are the member's money. Prize winnings
     *   (`withdrawable`) are paid out, and deposited points refunded to their method, through
     *   customer service; withdrawals already requested go on to be paid or returned as usual;
     * - trial points have no cash value and are forfeited: one ledger posting (kind `adjustment`,
     *   ref `account-closure:<member>`) takes the trial balance to zero;
     * - orders placed before are still bought and settled, and their prizes credited.
     * In the same transaction: every session ends (their tokens stop at once), marketing consent is
     * withdrawn, and the identity check's files and big-win claim documents get their deletion date (KYC_FILE_RETENTION_DAYS on).
     */
    async close(userId: number, body: CloseAccountBody): Promise<ClosedAccount> {
      const row = await findAccountById(db, userId);
      if (!row || row.closed_at) throw new AppError('account_closed');
      if (!(await argon2.verify(row.password_hash, body.password))) throw new AppError('invalid_credentials');
      const [terms, withdrawals] = await Promise.all([deps.withdrawals.terms(userId), deps.withdrawals.list(userId)]);
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        await memberAccountRepo.lockMember(trx, userId);
        if (!(await memberAccountRepo.close(trx, userId, at))) throw new AppError('account_closed');
        const balances = await walletService.balances(trx, userId);
        if (balances.trialBalance > 0) {
          await walletService.debit(trx, { userId, account: 'trial', kind: 'adjustment', amount: balances.trialBalance, refType: 'account-closure', refId: userId });
        }
        await revokeSessionsOf(trx, outbox, userId, at, config.SESSION_TTL_SECONDS * 1000);
        // Big-win claim documents are identity papers too: the same schedule (docs/withdrawals.md).
        const kycAfter = await scheduleKycFileDeletion(trx, userId, at, config.KYC_FILE_RETENTION_DAYS);
        const claimAfter = await scheduleClaimDocumentDeletion(trx, userId, at, config.KYC_FILE_RETENTION_DAYS);
        const filesAfter = kycAfter ?? claimAfter;
        return { balance: balances.balance, trialForfeited: balances.trialBalance, filesAfter };
      });
      outbox.kick();
      return {
        closedAt: at.toISOString(),
        realBalance: result.balance,
        withdrawable: Math.min(terms.withdrawable, result.balance),
        trialForfeited: result.trialForfeited,
        openWithdrawals: withdrawals.filter((w) => OPEN_WITHDRAWALS.has(w.state)).length,
        identityFilesDeletedAfter: result.filesAfter?.toISOString() ?? null,
      };
    },
  };
}
