import crypto from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { mailEffect, type NoticeEvent } from '../mail/service.ts';
import type { Platform } from '../platform/platform.ts';
import { siteUrl } from './oidc-client.ts';
import type { SessionContext } from './service.ts';

/** Who a notice goes to. */
export interface NoticeRecipient {
  id: number;
  email: string;
  locale: string;
}

type NoticePlatform = Pick<Platform, 'outbox' | 'config' | 'now'>;

/**
 * Writes a security notice to the account's owner in `trx` (issue 29 item 3): it leaves through the
 * outbox once the change it reports has committed. `provider` names a linked or unlinked login.
 */
export async function writeAccountNotice(platform: NoticePlatform, trx: Tx, to: NoticeRecipient, event: NoticeEvent, context: SessionContext, provider = '') {
  const { outbox, config, now } = platform;
  await outbox.write(trx, [
    mailEffect({
      id: `notice-${event}-${crypto.randomUUID()}`,
      to: to.email,
      locale: to.locale,
      template: 'account_notice',
      params: {
        event,
        at: now().toISOString().replace('T', ' ').slice(0, 19),
        address: context.address ?? '—',
        provider,
        link: `${siteUrl(config)}/auth/forgot`,
      },
    }),
  ]);
}

/**
 * Whether one more email may go to `email` now (MAIL_MAX_PER_RECIPIENT per MAIL_RECIPIENT_WINDOW_SECONDS).
 * Counted per recipient whatever address asks (issue 29 item 6), for the mails a stranger can
 * cause: password-reset links, "someone signed up with your email", verification links sent again.
 * Past the cap nothing is sent and the answer stays the same; the newest link already sent keeps working.
 */
export async function recipientMayGetMail(platform: Pick<Platform, 'rateLimiter'>, email: string): Promise<boolean> {
  const key = email.toLowerCase();
  const verdict = await platform.rateLimiter.consume('mail.recipient', key);
  if (verdict.limited) await platform.rateLimiter.reward('mail.recipient', key);
  return !verdict.limited;
}

/** A notice in a transaction of its own (the change it reports needs none, e.g. a refused sign-in). `capped`: counts against the recipient's cap. */
export async function sendAccountNotice(
  platform: NoticePlatform & Pick<Platform, 'db' | 'rateLimiter'>,
  to: NoticeRecipient,
  event: NoticeEvent,
  context: SessionContext,
  options: { capped?: boolean; provider?: string } = {},
) {
  if (options.capped && !(await recipientMayGetMail(platform, to.email))) return;
  await platform.db.transaction().execute((trx) => writeAccountNotice(platform, trx, to, event, context, options.provider));
  platform.outbox.kick();
}
