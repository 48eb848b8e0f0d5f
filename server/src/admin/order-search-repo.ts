import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** What the order search narrows by; every field is optional but `limit`. */
export interface OrderSearchFilter {
  productCode?: string;
  /** The draw, in the column of its family's draws (`draw_id`: keno's `draws`; `lottery_draw_id`: `lottery_draws`). */
  draw?: { column: 'draw_id' | 'lottery_draw_id'; id: number };
  /** Orders with a leg on this football event. */
  eventId?: number;
  statuses?: readonly number[];
  /** Placed at or after `from` and before `to`. */
  from?: Date;
  to?: Date;
  memberId?: number;
  /** An order number (digits only), or else any part of the member's email or name (case-insensitive). */
  q?: string;
  /** Keyset: only orders with a smaller id (the previous page's last). */
  before?: number;
  limit: number;
}

const likeOf = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The back office's order search (issue 31 item 4), newest first by id (orders are numbered as they
 * are placed), one page past `before`. Each filter is a condition an index serves: product
 * (`orders_product_id`), draw (`orders_draw`, `orders_lottery_draw`), event (`order_legs_event`),
 * member (`orders_user_created`), day (`orders_created`); `q` reads the members' names and emails.
 */
export const orderSearchRepo = {
  search(db: Executor, f: OrderSearchFilter) {
    let query = db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.product_code',
        'orders.issue',
        'orders.status',
        'orders.trial',
        'orders.points_spent',
        'orders.prize',
        'orders.ticket_ref',
        'orders.created_at',
        'orders.purchased_at',
        'orders.settled_at',
        'orders.sales_close_at',
        'users.id as member_id',
        'users.name',
        'users.email',
      ]);
    if (f.productCode) query = query.where('orders.product_code', '=', f.productCode);
    if (f.draw) query = query.where(`orders.${f.draw.column}`, '=', f.draw.id);
    if (f.eventId) {
      const eventId = f.eventId;
      query = query.where('orders.id', 'in', (eb) => eb.selectFrom('order_legs').select('order_legs.order_id').where('order_legs.event_id', '=', eventId));
    }
    if (f.statuses?.length) query = query.where('orders.status', 'in', f.statuses as Array<0 | 1 | 2 | 8 | 9>);
    if (f.from) query = query.where('orders.created_at', '>=', f.from);
    if (f.to) query = query.where('orders.created_at', '<', f.to);
    if (f.memberId) query = query.where('orders.user_id', '=', f.memberId);
    if (f.before) query = query.where('orders.id', '<', f.before);
    if (f.q) {
      const q = f.q;
      const orderId = /^[1-9]\d{0,17}$/.test(q) ? Number(q) : null;
      // A number is an order number (a staff member pasting "1234" wants that order, not every email with 1234 in it).
      query = orderId ? query.where('orders.id', '=', orderId) : query.where((eb) => eb.or([eb(sql<string>`lower(users.email)`, 'like', likeOf(q)), eb(sql<string>`lower(users.name)`, 'like', likeOf(q))]));
    }
    return query.orderBy('orders.id', 'desc').limit(f.limit + 1).execute();
  },

  member(db: Executor, id: number) {
    return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', id).executeTakeFirst();
  },

  /** The staff actions on an order, with who took them (names, not numbers): its audit entries and its queue item's. */
  staffActions(db: Executor, orderId: number) {
    return db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select(['audit_log.id', 'audit_log.action', 'audit_log.actor_id', 'audit_log.actor_role', 'audit_log.after', 'audit_log.at', 'users.name as actor_name'])
      .where((eb) =>
        eb.or([
          eb.and([eb('audit_log.target_type', 'in', ['order', 'large_win']), eb('audit_log.target_id', '=', String(orderId))]),
          eb.and([eb('audit_log.target_type', '=', 'queue_item'), eb('audit_log.target_id', 'in', [`order:${orderId}`, `large_win:${orderId}`])]),
        ]),
      )
      .orderBy('audit_log.id')
      .limit(500)
      .execute();
  },

  /** The order's ledger postings (debit, refund, prizes), by the causes an order posts under. */
  postings(db: Executor, orderId: number) {
    return db
      .selectFrom('ledger')
      .select(['id', 'kind', 'account', 'amount', 'balance_after', 'created_at'])
      .where('ref_type', 'in', ['order', 'order-pool'])
      .where('ref_id', '=', String(orderId))
      .orderBy('id')
      .execute();
  },

  flags(db: Executor, orderId: number) {
    return db.selectFrom('order_flags').select(['id', 'kind', 'detail', 'created_at', 'resolved_at']).where('order_id', '=', orderId).orderBy('id').execute();
  },
};
