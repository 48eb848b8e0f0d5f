import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { OidcService } from './oidc-service.ts';
import type { RecoveryService } from './recovery.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'identity-housekeeping': NoData;
    'password-reset-request': { email: string; requestId: string };
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

/**
 * A "forgot password" request, queued by the route whatever the email (auth/recovery.ts): the
 * lookup and the link happen here, out of the requester's sight and timing.
 */
export const passwordResetJob = defineJob({
  queue: 'password-reset-request',
  name: 'send-link',
  jobId: ({ requestId }) => `reset-request-${requestId}`,
  retry: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } },
  async process(job, { recovery }: Pick<Context, 'recovery'>) {
    return { sent: await recovery.sendResetLink(job.data.email) };
  },
});
