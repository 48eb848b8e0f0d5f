import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { KycService } from './service.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'kyc-files': NoData;
  }
}

/**
 * Identity files after closure (docs/withdrawals.md): every hour, the document and selfie of
 * accounts closed KYC_FILE_RETENTION_DAYS ago are deleted from the storage and the deletion recorded
 * on their submission (`files_deleted_at`). A run takes at most 200 submissions; the next hour takes the rest.
 */
export const kycFilesJob = defineJob({
  queue: 'kyc-files',
  name: 'delete-due',
  concurrency: 1,
  async process(_job, { kyc, logger }: { kyc: KycService; logger: Logger }) {
    const result = await kyc.deleteDueFiles();
    if (result.deleted) logger.info(result, 'identity files deleted after account closure');
    return result;
  },
  repeat: [{ id: 'hourly-kyc-files', everyMs: 3600_000, options: { attempts: 3 } }],
});
