import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import type { NoData } from '../platform/queues.ts';
import type { OidcService } from './oidc-service.ts';
import type { RecoveryService } from './recovery.ts';
import type { SignupService } from './signup.ts';

declare module '../platform/queues.ts' {
  interface QueueMap {
    'identity-housekeeping': NoData;
    'password-reset-request': { email: string; requestId: string };
    /** `address`: where the sign-up came from, told to an owner whose email it used. */
    'signup-request': { email: string; requestId: string; address: string | null };
  }
}

interface Context {
  oidc: OidcService;
  recovery: RecoveryService;
  signup: SignupService;
  logger: Logger;
}

/**
 * Provider login flows, emailed links and pending sign-ups are rows a stranger can make (within the
 * per-address limits): once expired by a day they are deleted, every hour, so the tables stay bounded.
 */
export const identityHousekeepingJob = defineJob({
  queue: 'identity-housekeeping',
  name: 'purge',
  async process(_job, { oidc, recovery, signup, logger }: Context) {
    const [flows, links, signups] = await Promise.all([oidc.purgeExpired(), recovery.purgeExpired(), signup.purgeExpired()]);
    if (flows || links || signups) logger.info({ flows, links, signups }, 'expired login flows, emailed links and sign-ups removed');
    return { flows, links, signups };
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

/**
 * A sign-up form, queued by the route whatever the email (auth/signup.ts): whether the email has an
 * account is looked up here, out of the requester's sight and timing; the code or the owner's
 * notice is mailed from here.
 */
export const signupRequestJob = defineJob({
  queue: 'signup-request',
  name: 'mail-code',
  jobId: ({ requestId }) => `signup-request-${requestId}`,
  retry: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } },
  async process(job, { signup }: Pick<Context, 'signup'>) {
    return { sent: await signup.mailCode(job.data) };
  },
});

