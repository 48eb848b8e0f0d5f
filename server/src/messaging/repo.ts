import type { Executor } from '../db/database.ts';

const threadColumns = ['id', 'user_id', 'order_id', 'subject', 'status', 'updated_at', 'member_read_at', 'staff_read_at'] as const;

export const messagingRepo = {
  orderOwnedBy(db: Executor, orderId: number, userId: number) {
    return db.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  },

  openThreadCount(db: Executor, userId: number) {
    return db
      .selectFrom('support_threads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', Number(userId))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
  },

  insertThread(db: Executor, thread: { userId: number; orderId: number | null; subject: string; at: Date }) {
    return db
      .insertInto('support_threads')
      .values({
        user_id: Number(thread.userId),
        order_id: thread.orderId === null ? null : Number(thread.orderId),
        subject: thread.subject,
        created_at: thread.at,
        updated_at: thread.at,
        member_read_at: thread.at,
      })
      .returning(threadColumns)
      .executeTakeFirstOrThrow();
  },

  insertMessage(
    db: Executor,
    message: { threadId: number; author: 'member' | 'staff'; authorId: number; body: string; attachmentKey?: string | null; at: Date },
  ) {
    return db
      .insertInto('support_messages')
      .values({
        thread_id: Number(message.threadId),
        author: message.author,
        author_id: Number(message.authorId),
        body: message.body,
        attachment_key: message.attachmentKey ?? null,
        created_at: message.at,
      })
      .returning(['id', 'author', 'body', 'attachment_key', 'created_at'])
      .executeTakeFirstOrThrow();
  },

  /** The thread, locked, after a new message: its time and who has read up to it. */
  touchThread(db: Executor, threadId: number, by: 'member' | 'staff', at: Date) {
    return db
      .updateTable('support_threads')
      .set(by === 'member' ? { updated_at: at, member_read_at: at, status: 'open' } : { updated_at: at, staff_read_at: at })
      .where('id', '=', Number(threadId))
      .returning(threadColumns)
      .executeTakeFirst();
  },

  thread(db: Executor, threadId: number) {
    return db.selectFrom('support_threads').select(threadColumns).where('id', '=', Number(threadId)).executeTakeFirst();
  },

  messages(db: Executor, threadId: number, limit: number) {
    return db
      .selectFrom('support_messages')
      .select(['id', 'author', 'body', 'attachment_key', 'created_at'])
      .where('thread_id', '=', Number(threadId))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** One message of one thread (both ids: a message id alone must not reach another thread's file). */
  message(db: Executor, threadId: number, messageId: number) {
    return db
      .selectFrom('support_messages')
      .select(['id', 'attachment_key'])
      .where('thread_id', '=', Number(threadId))
      .where('id', '=', Number(messageId))
      .executeTakeFirst();
  },

  threadsOf(db: Executor, userId: number, limit: number) {
    return db.selectFrom('support_threads').select(threadColumns).where('user_id', '=', Number(userId)).orderBy('updated_at', 'desc').limit(limit).execute();
  },

  /** Staff's list, each thread with its member's name and email (the console names people, not numbers). */
  threadsForStaff(db: Executor, status: 'open' | 'closed', limit: number) {
    return db
      .selectFrom('support_threads')
      .innerJoin('users', 'users.id', 'support_threads.user_id')
      .select(threadColumns.map((column) => `support_threads.${column}` as const))
      .select(['users.name as member_name', 'users.email as member_email'])
      .where('support_threads.status', '=', status)
      .orderBy('support_threads.updated_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** A member's name and email, for staff reading one of their threads. */
  memberOf(db: Executor, userId: number) {
    return db.selectFrom('users').select(['name as member_name', 'email as member_email']).where('id', '=', userId).executeTakeFirst();
  },

  markRead(db: Executor, threadId: number, by: 'member' | 'staff', at: Date) {
    return db
      .updateTable('support_threads')
      .set(by === 'member' ? { member_read_at: at } : { staff_read_at: at })
      .where('id', '=', Number(threadId))
      .execute();
  },

  close(db: Executor, threadId: number) {
    return db.updateTable('support_threads').set({ status: 'closed' }).where('id', '=', Number(threadId)).executeTakeFirst();
  },
};
