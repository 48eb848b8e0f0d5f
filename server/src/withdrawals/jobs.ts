import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { ClaimService } from '../claims/service.ts';
import type { KycService, WithdrawalService } from './service.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'kyc-files': NoData;
    'refund-settle': NoData;
  }
}

/**
 * Identity files after closure (docs/withdrawals.md): every hour, the document and selfie of
 * accounts closed KYC_FILE_RETENTION_DAYS ago are deleted from the storage and the deletion recorded
 * on their submission (`files_deleted_at`); the documents of their big-win claims go on the same
 * schedule. A run takes at most 200 of each; the next hour takes the rest.
 */
export const kycFilesJob = defineJob({
  queue: 'kyc-files',
  name: 'delete-due',
  concurrency: 1,
  async process(_job, { kyc, claims, logger }: { kyc: KycService; claims: ClaimService; logger: Logger }) {
    const result = await kyc.deleteDueFiles();
    if (result.deleted) logger.info(result, 'identity files deleted after account closure');
    const claimDocuments = await claims.deleteDueDocuments();
    if (claimDocuments.deleted) logger.info(claimDocuments, 'claim documents deleted after account closure');
    return { ...result, claimDocuments };
  },
  repeat: [{ id: 'hourly-kyc-files', everyMs: 3600_000, options: { attempts: 3 } }],
});

/**
 * The refund reconciler (docs/withdrawals.md "Stripe refund"): every five minutes, each approved
 * refund withdrawal that reached Stripe without a final answer (Stripe said `pending`, or the answer
 * was lost) is looked up under its reference and settled — paid, or rejected with its points back
 * once. It only looks up: a pass never asks Stripe for a refund.
 */
export const refundSettleJob = defineJob({
  queue: 'refund-settle',
  name: 'settle-pending',
  concurrency: 1,
  async process(_job, { withdrawals, logger }: { withdrawals: WithdrawalService; logger: Logger }) {
    const result = await withdrawals.settlePendingRefunds();
    if (result.settled) logger.info(result, 'pending Stripe refunds settled');
    return result;
  },
  repeat: [{ id: 'refund-settle', everyMs: 5 * 60_000, options: { attempts: 3 } }],
});
