import { UnrecoverableError } from 'bullmq';
import { defineJob } from '../platform/jobs.ts';
import type { Logger } from '../platform/logger.ts';
import { renderMail, type MailTemplate } from './templates.ts';
import type { Mailer } from './transport.ts';

/** One email to send, written to the outbox by the transaction that causes it (never sent in the request). */
export interface MailJob {
  /** Unique per cause (`reset-<token prefix>`, `verify-…`, `inbox-<message id>`): a second delivery sends nothing new. */
  id: string;
  to: string;
  locale: string;
  template: MailTemplate;
  params: Record<string, string | number>;
}

declare module '../platform/queues.ts' {
  interface QueueMap {
    'mail-send': MailJob;
  }
}

export const mailJob = defineJob({
  queue: 'mail-send',
  name: 'send',
  jobId: ({ id }) => `mail-${id}`,
  entity: true,
  // An SMTP server that is down is retried with backoff for about an hour, then left in failed jobs.
  retry: { attempts: 10, backoff: { type: 'exponential', delay: 2_000 } },
  async process(job, { mailer, logger }: { mailer: Mailer; logger: Logger }) {
    const { id, to, locale, template, params } = job.data;
    if (!to.includes('@')) throw new UnrecoverableError(`mail ${id} has no address`);
    await mailer.send({ to, ...renderMail(template, locale, params) }, id);
    logger.debug({ id, template }, 'mail sent');
  },
});
