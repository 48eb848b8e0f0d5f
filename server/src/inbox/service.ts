import crypto from 'node:crypto';
import { INBOX_KINDS, userRoom, type InboxKind, type InboxMessage, type InboxPage, type NotificationPreferences, type NoticeBody } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { mailEffect } from '../mail/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Effect } from '../platform/outbox.ts';
import type { Platform } from '../platform/platform.ts';
import { inboxRepo, type NewInboxMessage } from './repo.ts';
import { messagesOfEffects } from './from-effects.ts';
import { MEMBERS_ROOM } from './members-room.ts';

export type { NewInboxMessage } from './repo.ts';

type InboxPlatform = Pick<Platform, 'db' | 'now' | 'outbox' | 'config'>;

const present = (row: {
  id: number;
  kind: string;
  params: unknown;
  link: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}): InboxMessage => ({
  id: String(row.id),
  kind: (INBOX_KINDS as readonly string[]).includes(row.kind) ? (row.kind as InboxKind) : 'notice',
  params: (row.params ?? {}) as InboxMessage['params'],
  link: row.link,
  createdAt: new Date(row.created_at).toISOString(),
  read: row.read_at !== null,
});

/**
 * Writes `messages` in `trx` (idempotent: one per member and cause), then — in the same
 * transaction, through the outbox — the `inbox` push with each member's unread count, and an email
 * for the kinds a member asked to receive by email.
 */
export async function writeInboxMessages(platform: Pick<Platform, 'outbox' | 'now' | 'config'>, trx: Tx, messages: readonly NewInboxMessage[]) {
  if (!messages.length) return;
  const { outbox, now, config } = platform;
  const inserted = await inboxRepo.insertMany(trx, messages);
  if (!inserted.length) return;
  const users = [...new Set(inserted.map((row) => row.user_id))];
  const [counts, wishes] = await Promise.all([inboxRepo.unreadCounts(trx, users), inboxRepo.emailWishes(trx, users)]);
  const at = now();
  const effects: Effect[] = counts.map((row) =>
    outbox.event({ room: userRoom(row.user_id), event: 'inbox', payload: { unread: Number(row.unread) } }, at),
  );
  const wishOf = new Map(wishes.map((wish) => [wish.user_id, wish]));
  for (const row of inserted) {
    const wish = wishOf.get(row.user_id);
    const kinds = Array.isArray(wish?.email_kinds) ? (wish.email_kinds as string[]) : [];
    if (!wish || !kinds.includes(row.kind)) continue;
    effects.push(
      mailEffect({
        id: `inbox-${row.id}`,
        to: wish.email,
        locale: wish.locale,
        template: 'notification',
        params: { kind: row.kind, link: `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '')}/inbox` },
      }),
    );
  }
  // Written as a row of its own; the hook below ignores `inbox` pushes and mails, so this ends here.
  await outbox.write(trx, effects);
}

export type InboxService = ReturnType<typeof createInboxService>;

/**
 * The member's inbox (issue 15). Messages are written by the transactions that change state —
 * never by the client: `writeInboxMessages` for a feature that knows its own message, and the
 * outbox hook registered here for the order pushes every order transition already writes (order
 * purchased, failed and refunded, settled with its result), so no order code had to change.
 */
export function createInboxService(platform: InboxPlatform) {
  const { db, now, outbox } = platform;
  outbox.onWrite('inbox', (trx, effects) => writeInboxMessages(platform, trx, messagesOfEffects(effects)), {
    concerns: (effects) => messagesOfEffects(effects).length > 0,
  });

  return {
    async page(userId: number, options: { before?: string; limit: number; unreadOnly: boolean }): Promise<InboxPage> {
      const [rows, counts] = await Promise.all([inboxRepo.page(db, userId, options), inboxRepo.unreadCounts(db, [userId])]);
      const items = rows.slice(0, options.limit).map(present);
      return { items, nextBefore: rows.length > options.limit ? items[items.length - 1]!.id : null, unread: Number(counts[0]?.unread ?? 0) };
    },

    async unread(userId: number) {
      const counts = await inboxRepo.unreadCounts(db, [userId]);
      return { unread: Number(counts[0]?.unread ?? 0) };
    },

    async mark(userId: number, id: number, read: boolean) {
      const result = await inboxRepo.setRead(db, userId, id, read ? now() : null);
      if (!result.numUpdatedRows) throw new AppError('not_found');
      return this.unread(userId);
    },

    async markAllRead(userId: number) {
      await inboxRepo.markAllRead(db, userId, now());
      return this.unread(userId);
    },

    async remove(userId: number, id: number) {
      const result = await inboxRepo.softDelete(db, userId, id, now());
      if (!result.numUpdatedRows) throw new AppError('not_found');
      return this.unread(userId);
    },

    /** Back office: a notice to every member or a segment; returns how many members got it. */
    async sendNotice(notice: Required<Pick<NoticeBody, 'title' | 'body'>> & { segment: 'all' | 'depositors' | 'recent'; link?: string }) {
      const result = await db.transaction().execute(async (trx) => {
        const at = now();
        const inserted = await inboxRepo.insertNotice(trx, {
          cause: `notice-${crypto.randomUUID()}`,
          segment: notice.segment,
          params: { title: notice.title, body: notice.body },
          link: notice.link ?? null,
          at,
        });
        // One push to every signed-in socket (members-room.ts); each re-reads its own count.
        await outbox.write(trx, [outbox.event({ room: MEMBERS_ROOM, event: 'notice', payload: { at: at.toISOString() } }, at)]);
        return inserted;
      });
      outbox.kick();
      return { recipients: Number(result.rows[0]?.count ?? 0) };
    },

    async preferences(userId: number): Promise<NotificationPreferences> {
      const row = await inboxRepo.preferences(db, userId);
      const kinds = Array.isArray(row?.email_kinds) ? (row.email_kinds as string[]) : [];
      return { emailKinds: INBOX_KINDS.filter((kind) => kinds.includes(kind)) };
    },

    async savePreferences(userId: number, emailKinds: readonly InboxKind[]): Promise<NotificationPreferences> {
      const kinds = INBOX_KINDS.filter((kind) => emailKinds.includes(kind));
      await inboxRepo.savePreferences(db, userId, kinds, now());
      return { emailKinds: kinds };
    },
  };
}
