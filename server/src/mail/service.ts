import { mailJob, type MailJob } from './jobs.ts';

export type { MailJob } from './jobs.ts';
export type { MailTemplate } from './templates.ts';
export type { NoticeEvent } from './notice-texts.ts';
export { mailFolder } from './transport.ts';

/**
 * Email, as other features see it: an outbox effect to write in the transaction that causes the
 * mail (`outbox.write(trx, [mailEffect(…)])`). The mail worker sends it once that commits.
 */
export const mailEffect = (mail: MailJob) => mailJob.effect(mail);
