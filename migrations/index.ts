import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as onePostPerCause from './0002-one-post-per-cause.ts';
import * as adjustments from './0003-adjustments.ts';
import * as draws from './0004-draws.ts';
import * as orders from './0005-orders.ts';
import * as settlement from './0006-settlement.ts';
import * as football from './0007-football.ts';
import * as reliability from './0008-reliability.ts';
import * as drawLotteries from './0010-draw-lotteries.ts';
import * as deposits from './0012-deposits.ts';
import * as backOffice from './0011-back-office.ts';
import * as footballLocalNames from './0009-football-local-names.ts';
import * as identityMailInbox from './0013-identity-mail-inbox.ts';
import * as pinBatchExport from './0015-pin-batch-export.ts';
import * as inboxUnreadIndex from './0016-inbox-unread-index.ts';
import * as inboxUnreadCounts from './0017-inbox-unread-counts.ts';
import * as inboxLighterWrites from './0018-inbox-lighter-writes.ts';
import * as accountSecurity from './0020-account-security.ts';
import * as moneyControls from './0021-money-controls.ts';
import * as signupCodes from './0022-signup-codes.ts';
import * as backOfficeReports from './0023-back-office-reports.ts';
import * as responsiblePlay from './0025-responsible-play.ts';
import * as withdrawals from './0026-withdrawals.ts';
import * as resultFeeds from './0027-result-feeds.ts';
import * as drawPrizeFourEyes from './0028-draw-prize-four-eyes.ts';
import * as realityChecks from './0031-reality-checks.ts';
import * as withdrawalBatchesAml from './0033-withdrawal-batches-aml.ts';
import * as stripeRefundWithdrawals from './0034-stripe-refund-withdrawals.ts';
import * as bigWinClaims from './0035-big-win-claims.ts';
import * as claimDocuments from './0036-claim-documents.ts';
import * as withdrawalBankReturns from './0037-withdrawal-bank-returns.ts';
import * as accountClosure from './0032-account-closure.ts';
import * as refundCauses from './0030-refund-causes.ts';

/**
 * Every migration, in order. Listed statically (not read from the folder at run time) so they load
 * the same under tsx, vitest and any bundler. Forward-only: add new files, never edit old ones.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-one-post-per-cause': onePostPerCause,
  '0003-adjustments': adjustments,
  '0004-draws': draws,
  '0005-orders': orders,
  '0006-settlement': settlement,
  '0007-football': football,
  '0008-reliability': reliability,
  '0010-draw-lotteries': drawLotteries,
  '0012-deposits': deposits,
  '0011-back-office': backOffice,
  '0009-football-local-names': footballLocalNames,
  '0013-identity-mail-inbox': identityMailInbox,
  '0015-pin-batch-export': pinBatchExport,
  '0016-inbox-unread-index': inboxUnreadIndex,
  '0017-inbox-unread-counts': inboxUnreadCounts,
  '0018-inbox-lighter-writes': inboxLighterWrites,
  '0020-account-security': accountSecurity,
  '0021-money-controls': moneyControls,
  '0022-signup-codes': signupCodes,
  '0023-back-office-reports': backOfficeReports,
  '0025-responsible-play': responsiblePlay,
  '0026-withdrawals': withdrawals,
  '0027-result-feeds': resultFeeds,
  '0028-draw-prize-four-eyes': drawPrizeFourEyes,
  '0031-reality-checks': realityChecks,
  '0033-withdrawal-batches-aml': withdrawalBatchesAml,
  '0034-stripe-refund-withdrawals': stripeRefundWithdrawals,
  '0035-big-win-claims': bigWinClaims,
  '0036-claim-documents': claimDocuments,
  '0037-withdrawal-bank-returns': withdrawalBankReturns,
  '0032-account-closure': accountClosure,
  '0030-refund-causes': refundCauses,
};
