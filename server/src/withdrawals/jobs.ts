import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { ClaimService } from '../claims/service.ts';
import type { KycService } from './service.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'kyc-files': NoData;
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
