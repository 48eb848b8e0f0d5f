import { sql } from 'kysely';
import { purgeExpiredSessions } from '../auth/service.ts';
import { purgeIdempotencyKeys } from '../platform/idempotency.ts';
import type { Platform } from '../platform/platform.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * Housekeeping that keeps the database small and checks the money invariant:
 * - purge sessions a day past expiry and idempotency keys older than 7 days;
 * - audit wallets: any wallet whose balance differs from the sum of its ledger is logged as an
 *   error (it never should; this is the alarm if something ever bypasses the wallet module).
 */
export async function startMaintenance(platform: Platform) {
  const { queues, db, now, logger } = platform;
  // Idempotent: safe to call on every boot of every worker.
  await queues.schedule({ queue: MAINTENANCE_QUEUE, id: 'hourly-housekeeping', everyMs: 3600_000, template: { name: 'housekeeping', opts: { attempts: 3 } } });
  queues.worker(
    MAINTENANCE_QUEUE,
    async () => {
      const sessions = await purgeExpiredSessions(db, now());
      const keys = await purgeIdempotencyKeys(db, new Date(now().getTime() - 7 * 24 * 3600_000));
      const mismatched = await auditWallets(platform);
      logger.info({ sessions, keys, mismatched: mismatched.length }, 'housekeeping done');
      return { sessions, keys, mismatched };
    },
    { concurrency: 1 },
  );
}

export async function auditWallets({ db, logger }: Pick<Platform, 'db' | 'logger'>) {
  const result = await sql<{ user_id: number; balance: number; trial_balance: number; real_sum: number; trial_sum: number }>`
    select w.user_id, w.balance, w.trial_balance, coalesce(l.real_sum, 0)::bigint as real_sum, coalesce(l.trial_sum, 0)::bigint as trial_sum
      from wallets w
      left join (select user_id,
                        sum(amount) filter (where account = 'real') as real_sum,
                        sum(amount) filter (where account = 'trial') as trial_sum
                   from ledger group by user_id) l on l.user_id = w.user_id
     where w.balance <> coalesce(l.real_sum, 0) or w.trial_balance <> coalesce(l.trial_sum, 0)
  `.execute(db);
  for (const row of result.rows) logger.error({ wallet: row }, 'wallet balance differs from its ledger');
  return result.rows;
}
