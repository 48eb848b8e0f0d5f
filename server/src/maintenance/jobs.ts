import { purgeExpiredSessions } from '../auth/service.ts';
import { purgeIdempotencyKeys } from '../platform/idempotency.ts';
import { defineJob } from '../platform/jobs.ts';
import type { Platform } from '../platform/platform.ts';
import type { NoData } from '../platform/queues.ts';
import { walletService } from '../wallet/service.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

declare module '../platform/queues.ts' {
  interface QueueMap {
    maintenance: NoData;
  }
}

/**
 * Housekeeping every hour, one at a time, that keeps the database small and checks the money invariant:
 * - purge sessions a day past expiry and idempotency keys older than 7 days;
 * - audit wallets: any wallet whose balance differs from the sum of its ledger is logged as an
 *   error (it never should; this is the alarm if something ever bypasses the wallet module).
 */
export const housekeepingJob = defineJob({
  queue: MAINTENANCE_QUEUE,
  name: 'housekeeping',
  concurrency: 1,
  async process(_job, platform: Pick<Platform, 'db' | 'now' | 'logger'>) {
    const { db, now, logger } = platform;
    const sessions = await purgeExpiredSessions(db, now());
    const keys = await purgeIdempotencyKeys(db, new Date(now().getTime() - 7 * 24 * 3600_000));
    const mismatched = await auditWallets(platform);
    logger.info({ sessions, keys, mismatched: mismatched.length }, 'housekeeping done');
    return { sessions, keys, mismatched };
  },
  repeat: [{ id: 'hourly-housekeeping', everyMs: 3600_000, options: { attempts: 3 } }],
});

/** Logs every wallet out of balance (the SQL is the wallet's own: `walletService.audit`). */
export async function auditWallets({ db, logger }: Pick<Platform, 'db' | 'logger'>) {
  const mismatched = await walletService.audit(db);
  for (const row of mismatched) logger.error({ wallet: row }, 'wallet balance differs from its ledger');
  return mismatched;
}
