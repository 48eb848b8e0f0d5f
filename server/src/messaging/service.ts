import crypto from 'node:crypto';
import { userRoom, type SupportMessage, type SupportThread } from '@gp/common';
import type { Tx } from '../db/database.ts';
import { writeInboxMessages } from '../inbox/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import { imageTypeOfKey, sniffImage, type UploadedFile } from '../platform/upload.ts';
import { messagingRepo } from './repo.ts';

/** The room of staff sockets (the back office joins it; admin/queue.ts names it STAFF_ROOM). */
const STAFF_ROOM = 'staff';
/** Open conversations one member may have at once: a stranger cannot grow the staff's list without bound. */
const MAX_OPEN_THREADS = 10;
/** Messages shown per conversation (the newest). */
const MESSAGES_SHOWN = 200;
const THREADS_SHOWN = 100;
/** A screenshot, at most (one per message: the message row names one key). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

type ThreadRow = NonNullable<Awaited<ReturnType<typeof messagingRepo.thread>>>;
type MessageRow = Awaited<ReturnType<typeof messagingRepo.messages>>[number];

/** Where the reader fetches a message's screenshot: never the storage key itself. */
const attachmentUrl = (reader: 'member' | 'staff', threadId: number, messageId: number) =>
  `/api/${reader === 'staff' ? 'admin/' : ''}support/threads/${threadId}/messages/${messageId}/attachment`;

const presentMessage = (row: MessageRow, threadId: number, reader: 'member' | 'staff'): SupportMessage => ({
  id: String(row.id),
  author: row.author === 'staff' ? 'staff' : 'member',
  body: row.body,
  attachment: row.attachment_key ? attachmentUrl(reader, threadId, row.id) : null,
  createdAt: new Date(row.created_at).toISOString(),
});

function presentThread(row: ThreadRow & { member_name?: string; member_email?: string }, reader: 'member' | 'staff', messages?: MessageRow[]): SupportThread {
  const readAt = reader === 'member' ? row.member_read_at : row.staff_read_at;
  return {
    id: String(row.id),
    orderId: row.order_id === null ? null : String(row.order_id),
    subject: row.subject,
    status: row.status === 'closed' ? 'closed' : 'open',
    updatedAt: new Date(row.updated_at).toISOString(),
    unread: !readAt || new Date(readAt) < new Date(row.updated_at),
    ...(reader === 'staff' ? { memberId: String(row.user_id), memberName: row.member_name ?? '', memberEmail: row.member_email ?? '' } : {}),
    ...(messages ? { messages: messages.map((m) => presentMessage(m, row.id, reader)).reverse() } : {}),
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;

/**
 * Conversations with customer service (`/messaging-v1`), optionally about one order. Both sides
 * hear of a new message live (`support` pushes to the member's room and to staff sockets, through
 * the outbox), and a staff answer also lands in the member's inbox (and by email if they chose).
 */
export function createMessagingService(platform: Pick<Platform, 'db' | 'now' | 'outbox' | 'config'>, deps: { storage: FileStorage }) {
  const { db, now, outbox } = platform;

  /**
   * Stores a screenshot (PNG, JPEG or WebP by its bytes, at most ATTACHMENT_MAX_BYTES) before the
   * message's transaction, then runs `write` with its key; if the write fails the file is removed,
   * so no stored file is without its message.
   */
  async function withAttachment<T>(threadHint: string | number, file: UploadedFile | undefined, write: (key: string | null) => Promise<T>): Promise<T> {
    if (!file) return write(null);
    const image = sniffImage(file.buffer);
    if (!image || file.size > ATTACHMENT_MAX_BYTES) throw new AppError('upload_invalid');
    const key = `support/${now().toISOString().slice(0, 7)}/${threadHint}-${crypto.randomBytes(8).toString('hex')}.${image.ext}`;
    await deps.storage.put(key, file.buffer, image.type);
    try {
      return await write(key);
    } catch (error) {
      await deps.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** The screenshot of one message of `threadId` (the caller has checked who may read the thread). */
  async function attachmentOf(threadId: number, messageId: number) {
    const row = await messagingRepo.message(db, threadId, messageId);
    const type = row?.attachment_key ? imageTypeOfKey(row.attachment_key) : undefined;
    const body = row?.attachment_key && type ? await deps.storage.get(row.attachment_key) : undefined;
    if (!body || !type) throw new AppError('not_found');
    return { body, contentType: type };
  }

  async function announce(trx: Tx, thread: ThreadRow, author: 'member' | 'staff', at: Date) {
    const payload = { threadId: String(thread.id), author, at: at.toISOString() };
    await outbox.write(trx, [
      outbox.event({ room: userRoom(thread.user_id), event: 'support', payload }, at),
      outbox.event({ room: STAFF_ROOM, event: 'support', payload }, at),
    ]);
  }

  async function ownThread(userId: number, threadId: number) {
    const thread = await messagingRepo.thread(db, threadId);
    if (!thread || thread.user_id !== userId) throw new AppError('not_found');
    return thread;
  }

  return {
    async start(userId: number, input: { body: string; orderId?: number }, file?: UploadedFile): Promise<SupportThread> {
      const thread = await withAttachment(`m${userId}`, file, (attachmentKey) => db.transaction().execute(async (trx) => {
        if (input.orderId && !(await messagingRepo.orderOwnedBy(trx, input.orderId, userId))) throw new AppError('order_not_found');
        if (Number((await messagingRepo.openThreadCount(trx, userId)).n) >= MAX_OPEN_THREADS)
          throw new AppError('rate_limited', { details: { retryAfter: 3600 } });
        const at = now();
        const subject = input.orderId ? `#${input.orderId}` : input.body.slice(0, 80);
        const created = await messagingRepo.insertThread(trx, { userId, orderId: input.orderId ?? null, subject, at });
        await messagingRepo.insertMessage(trx, { threadId: created.id, author: 'member', authorId: userId, body: input.body, attachmentKey, at });
        await announce(trx, created, 'member', at);
        return created;
      }));
      outbox.kick();
      return presentThread(thread, 'member', await messagingRepo.messages(db, thread.id, MESSAGES_SHOWN));
    },

    async threads(userId: number): Promise<SupportThread[]> {
      return (await messagingRepo.threadsOf(db, userId, THREADS_SHOWN)).map((row) => presentThread(row, 'member'));
    },

    /** One conversation of the member's, marked read by them. */
    async thread(userId: number, threadId: number): Promise<SupportThread> {
      const thread = await ownThread(userId, threadId);
      await messagingRepo.markRead(db, threadId, 'member', now());
      return presentThread({ ...thread, member_read_at: now() }, 'member', await messagingRepo.messages(db, threadId, MESSAGES_SHOWN));
    },

    async reply(userId: number, threadId: number, body: string, file?: UploadedFile): Promise<SupportMessage> {
      await ownThread(userId, threadId);
      const message = await withAttachment(threadId, file, (attachmentKey) => db.transaction().execute(async (trx) => {
        const at = now();
        const row = await messagingRepo.insertMessage(trx, { threadId, author: 'member', authorId: userId, body, attachmentKey, at });
        const thread = await messagingRepo.touchThread(trx, threadId, 'member', at);
        await announce(trx, thread!, 'member', at);
        return row;
      }));
      outbox.kick();
      return presentMessage(message, threadId, 'member');
    },

    /** A screenshot of the member's own conversation; anyone else's is not found. */
    async attachment(userId: number, threadId: number, messageId: number) {
      await ownThread(userId, threadId);
      return attachmentOf(threadId, messageId);
    },

    staffAttachment: (threadId: number, messageId: number) => attachmentOf(threadId, messageId),

    // ---- The back office (helper E's console uses these through /api/admin/support/*) ----

    async staffThreads(status: 'open' | 'closed'): Promise<SupportThread[]> {
      return (await messagingRepo.threadsForStaff(db, status, THREADS_SHOWN)).map((row) => presentThread(row, 'staff'));
    },

    async staffThread(threadId: number): Promise<SupportThread> {
      const thread = await messagingRepo.thread(db, threadId);
      if (!thread) throw new AppError('not_found');
      await messagingRepo.markRead(db, threadId, 'staff', now());
      const member = await messagingRepo.memberOf(db, thread.user_id);
      return presentThread({ ...thread, ...member, staff_read_at: now() }, 'staff', await messagingRepo.messages(db, threadId, MESSAGES_SHOWN));
    },

    /** A staff answer: the message, the live pushes, and a `support_reply` inbox message, in one transaction. */
    async staffReply(staffId: number, threadId: number, body: string): Promise<SupportMessage> {
      const message = await db.transaction().execute(async (trx) => {
        const existing = await messagingRepo.thread(trx, threadId);
        if (!existing) throw new AppError('not_found');
        const at = now();
        const row = await messagingRepo.insertMessage(trx, { threadId, author: 'staff', authorId: staffId, body, at });
        const thread = await messagingRepo.touchThread(trx, threadId, 'staff', at);
        await announce(trx, thread!, 'staff', at);
        await writeInboxMessages(platform, trx, [
          {
            userId: existing.user_id,
            kind: 'support_reply',
            cause: `support-${row.id}`,
            params: { threadId: String(threadId), orderId: existing.order_id === null ? null : String(existing.order_id) },
            link: `/messaging-v1?thread=${threadId}`,
          },
        ]);
        return row;
      });
      outbox.kick();
      return presentMessage(message, threadId, 'staff');
    },

    async close(threadId: number) {
      const result = await messagingRepo.close(db, threadId);
      if (!result.numUpdatedRows) throw new AppError('not_found');
    },
  };
}
