import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { Platform } from '../platform/platform.ts';
import type { NoData } from '../platform/queues.ts';
import type { OidcService } from './oidc-service.ts';
import type { RecoveryService } from './recovery.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'identity-housekeeping': NoData;
  }
}

interface Context {
  oidc: OidcService;
  recovery: RecoveryService;
  logger: Logger;
}

/**
 * Provider login flows and emailed links are rows a stranger can make (within the per-address
 * limits): once expired by a day they are deleted, every hour, so the tables stay bounded.
 */
export const identityHousekeepingJob = defineJob({
  queue: 'identity-housekeeping',
  name: 'purge',
  async process(_job, { oidc, recovery, logger }: Context) {
    const [flows, links] = await Promise.all([oidc.purgeExpired(), recovery.purgeExpired()]);
    if (flows || links) logger.info({ flows, links }, 'expired login flows and emailed links removed');
    return { flows, links };
  },
  repeat: [{ id: 'hourly-identity-housekeeping', everyMs: 3600_000, options: { attempts: 3 } }],
});

export async function startIdentityHousekeeping(
  platform: Pick<Platform, 'queues' | 'config' | 'logger'>,
  services: { oidc: OidcService; recovery: RecoveryService },
) {
  await identityHousekeepingJob.start(platform, { ...services, logger: platform.logger });
}
