import { z } from 'zod';
import { isSameSitePath } from '../same-site-path.ts';
import { requiredText } from './fields.ts';

/**
 * Issue 15: the member's inbox (`/inbox`), customer-service conversations (`/messaging-v1`) and
 * notification preferences.
 */

/** What an inbox message is about. The client words each kind; `params` fill in the amounts and numbers. */
export const INBOX_KINDS = [
  'order_purchased',
  'order_refunded',
  'draw_result',
  'deposit_credited',
  'deposit_failed',
  'win_review',
  'claim_step',
  'notice',
  'support_reply',
  // Issue 32 item 6: a supervisor lowered the member's limits.
  'limit_lowered',
  'withdrawal',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export interface InboxMessage {
  id: string;
  kind: InboxKind;
  /** Numbers and names for the message's text (order number, amount in GP hundredths, product, won). */
  params: Record<string, string | number | boolean | null>;
  /** The page it is about: `/orders?order=…`, `/wallet`, `/messaging-v1?thread=…`. */
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface InboxPage {
  items: InboxMessage[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
  unread: number;
}

export const inboxQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'invalid' })
    .optional(),
  limit: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(50, { error: 'invalid' }).default(20),
  unreadOnly: z.enum(['true', 'false'], { error: 'invalid' }).optional(),
});

export const inboxMarkBody = z.object({ read: z.boolean({ error: 'invalid' }) });

/** Back office: a notice to every member or a segment. */
export const noticeBody = z.object({
  title: requiredText(120),
  body: requiredText(2000),
  segment: z.enum(['all', 'depositors', 'recent'], { error: 'invalid' }).default('all'),
  /** Where the notice leads: a path on this site only (`//evil.example/login` is refused, issue 29). */
  link: z
    .string()
    .regex(/^\/[\w\-/?=&.%]*$/, { error: 'invalid' })
    .max(200, { error: 'invalid' })
    .refine(isSameSitePath, { error: 'invalid' })
    .optional(),
});
export type NoticeBody = z.input<typeof noticeBody>;

export const notificationPreferencesBody = z.object({
  emailKinds: z.array(z.enum(INBOX_KINDS, { error: 'invalid' })).max(INBOX_KINDS.length, { error: 'invalid' }),
});
export interface NotificationPreferences {
  emailKinds: InboxKind[];
}

/** Customer service. */
export const supportThreadBody = z.object({
  body: requiredText(4000),
  orderId: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'invalid' })
    // The server reads the number (ids are numbers in server code, strings in JSON).
    .transform(Number)
    .optional(),
});
export const supportMessageBody = z.object({ body: requiredText(4000) });

export interface SupportMessage {
  id: string;
  author: 'member' | 'staff';
  body: string;
  attachment: string | null;
  createdAt: string;
}

export interface SupportThread {
  id: string;
  orderId: string | null;
  subject: string;
  status: 'open' | 'closed';
  updatedAt: string;
  unread: boolean;
  /** Staff only: whose conversation it is, by id and by name and email (the console names people). */
  memberId?: string;
  memberName?: string;
  memberEmail?: string;
  messages?: SupportMessage[];
}
