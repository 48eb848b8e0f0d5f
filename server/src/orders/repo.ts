import { sql } from 'kysely';
import { prepared, type Executor, type Tx } from '../db/database.ts';
import type { OrderFlagKind, OrderRow, OrderStatus, OrderStatusHistoryTable, OrdersTable } from '../db/types.ts';
import type { Insertable, Selectable } from 'kysely';

/** The columns an order is inserted with. */
type NewOrderColumns = Insertable<OrdersTable>;

/** The columns the purchase reads (`findForPurchase`). */
const PURCHASE_COLUMNS = ['id', 'status', 'trial', 'product_code', 'issue', 'sales_close_at', 'created_at'] as const;
/** An order as the purchase reads it. */
export type PurchaseRow = Pick<Selectable<OrdersTable>, (typeof PURCHASE_COLUMNS)[number]>;
/** What `transitionMany` returns of a moved order: enough for its owner's `order` push. */
export type MovedOrder = Pick<Selectable<OrdersTable>, 'id' | 'user_id' | 'status' | 'updated_at'>;

/** What a transition may record besides the status (the purchase's ticket). */
export interface TransitionExtra {
  ticket_ref?: string;
  purchased_at?: Date;
  /** A refund (→ 9): why (`ORDER_REFUND_CAUSES`), and the worker's words when a worker failed the purchase. */
  refund_cause?: NonNullable<OrderRow['refund_cause']>;
  refusal_reason?: string;
}

/**
 * The statements of the order writes below, built but not run: `ordersRepo` runs them, and
 * server/test/wallet/sql-snapshots.test.ts snapshots their SQL.
 */
export const orderQueries = {
  /** The order row and its first history entry (`null → status`), in one statement. */
  insert: (db: Executor, order: Insertable<OrdersTable>, reason: string) =>
    db
      .with('placed', (qb) => qb.insertInto('orders').values(order).returningAll())
      .with('first_entry', (qb) =>
        qb
          .insertInto('order_status_history')
          .columns(['order_id', 'from', 'to', 'at', 'reason'])
          .expression((eb) => eb.selectFrom('placed').select((s) => ['placed.id', sql<null>`null`.as('from'), 'placed.status', 'placed.created_at', s.val(reason).as('reason')])),
      )
      .selectFrom('placed')
      .selectAll(),
  /**
   * `insert` for many orders as CTEs of a larger statement (orders/placement.ts): `placed` inserts
   * one order per row of the CTE `source` (its `row`, the order's columns as a JSON object, of
   * which `columns` are written), in the order of its `i`, returning `id, user_id, status,
   * created_at`; `firstEntries(from)` writes each one's history entry `null → status` from a CTE
   * `from` with `i, order_id, status, created_at, reason`.
   */
  insertFrom(source: string, columns: ReadonlyArray<keyof NewOrderColumns>) {
    return {
      placed: sql`placed as (
        insert into orders (${sql.join(columns.map((c) => sql.ref(c)))})
        select ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
          from ${sql.table(source)} s cross join lateral jsonb_populate_record(null::orders, s.row) r
         order by s.i
        returning id, user_id, status, created_at
      )`,
      firstEntries: (from: string) => sql`first_entry as (
        insert into order_status_history (order_id, "from", "to", at, reason)
        select order_id, null, status, created_at, reason from ${sql.table(from)} order by i
      )`,
    };
  },
  history: (db: Executor, entry: Insertable<OrderStatusHistoryTable>) => db.insertInto('order_status_history').values(entry),
  lockStatus: (db: Executor, id: number) => db.selectFrom('orders').select(['status']).where('id', '=', id).forUpdate(),
  /** Conditional on the status the lock saw. */
  moveStatus: (db: Executor, id: number, current: OrderStatus, to: OrderStatus, at: Date, extra: TransitionExtra) =>
    db
      .updateTable('orders')
      .set({ status: to, updated_at: at, ...extra })
      .where('id', '=', id)
      .where('status', '=', current)
      .returningAll(),
};

export const ordersRepo = {
  insert(trx: Tx, order: Insertable<OrdersTable>, reason: string) {
    return orderQueries.insert(trx, order, reason).executeTakeFirstOrThrow();
  },

  find(db: Executor, id: number) {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  history(db: Executor, id: number) {
    return db.selectFrom('order_status_history').select(['from', 'to', 'at', 'reason']).where('order_id', '=', id).orderBy('id').execute();
  },

  /**
   * Moves an order from one of `from` to `to`, with a history row, in the caller's transaction.
   * The row is locked first, so of two racing transitions (worker, timeout, operator) exactly one
   * sees the status it expects; the other gets `undefined` and changes nothing.
   */
  async transition(trx: Tx, id: number, from: readonly OrderStatus[], to: OrderStatus, reason: string, at: Date, extra: TransitionExtra = {}) {
    const current = await orderQueries.lockStatus(trx, id).executeTakeFirst();
    if (!current || !from.includes(current.status)) return undefined;
    const row = await orderQueries.moveStatus(trx, id, current.status, to, at, extra).executeTakeFirst();
    if (!row) return undefined;
    await orderQueries.history(trx, { order_id: id, from: current.status, to, at, reason }).execute();
    return { row, prevStatus: current.status };
  },

  /** What the purchase of these orders reads of them (not their plays, stake or result: the purchase worker reads hundreds a second). */
  findForPurchase(db: Executor, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('orders').select(PURCHASE_COLUMNS).where('id', 'in', ids).orderBy('id').execute();
  },

  /**
   * `transition` for many orders in ONE statement, whatever their number (the purchase worker
   * moves hundreds a second; a prepared statement, its orders one JSON parameter): the rows still
   * in one of `from` are locked in id order first (two batches never deadlock), each moves
   * conditionally on the status its lock saw, with its own `extra`, and gets its history row.
   * Returns the moved orders (`MovedOrder`) with the status each left, in id order; an order that
   * had already left `from` is not among them and changed nothing.
   */
  async transitionMany(trx: Tx, moves: ReadonlyArray<{ id: number; extra?: TransitionExtra }>, from: readonly OrderStatus[], to: OrderStatus, reason: string, at: Date) {
    if (moves.length === 0) return [];
    const orders = JSON.stringify(moves.map(({ id, extra }) => ({ id, ticket_ref: extra?.ticket_ref ?? null, purchased_at: extra?.purchased_at ?? null })));
    // Locked in a CTE of its own (materialized, in id order) before the update touches any row;
    // the update then finds each row as its lock left it (PostgreSQL re-reads a row updated since
    // the statement began), and moves it only from the status the lock saw.
    const statement = sql<MovedOrder & { prev_status: OrderStatus }>`
      with v as (
        select * from jsonb_to_recordset(${orders}::jsonb) as v(id bigint, ticket_ref text, purchased_at timestamptz)
      ),
      locked as materialized (
        select o.id, o.status from orders o join v on v.id = o.id
         where o.status = any(${[...from]}::smallint[])
         order by o.id
           for update of o
      ),
      moved as (
        update orders
           set status = ${to}, updated_at = ${at},
               ticket_ref = coalesce(v.ticket_ref, orders.ticket_ref), purchased_at = coalesce(v.purchased_at, orders.purchased_at)
          from locked join v on v.id = locked.id
         where orders.id = locked.id and orders.status = locked.status
        returning orders.id, orders.user_id, orders.status, orders.updated_at, locked.status as prev_status
      ),
      history as (
        insert into order_status_history (order_id, "from", "to", at, reason)
        select id, prev_status, ${to}, ${at}, ${reason} from moved
      )
      select id, user_id, status, updated_at, prev_status from moved order by id`;
    const { rows } = await trx.executeQuery(prepared('order-transitions', statement.compile(trx)));
    return rows.map(({ prev_status, ...row }) => ({ row, prevStatus: prev_status }));
  },

  async page(db: Executor, userId: number, filter: { status?: number; productCode?: string }, page: number, pageSize: number) {
    let query = db.selectFrom('orders').where('orders.user_id', '=', userId);
    if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status as OrderStatus);
    if (filter.productCode) query = query.where('orders.product_code', '=', filter.productCode);
    const [rows, count] = await Promise.all([
      query
        .selectAll('orders')
        .orderBy('orders.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  /** Real orders still waiting for a purchase job (status 0) created before `before`. */
  stalePending(db: Executor, before: Date, limit: number) {
    return db.selectFrom('orders').select(['id', 'created_at']).where('status', '=', 0).where('trial', '=', false).where('created_at', '<', before).orderBy('id').limit(limit).execute();
  },

  /** Orders in 0 or 1 whose sales closed by `now`, in id order after `afterId`: the timeout should have ended them. */
  overdue(db: Executor, now: Date, limit: number, afterId = 0) {
    return db
      .selectFrom('orders')
      .select(['id'])
      .where(sql<boolean>`status in (0, 1)`)
      .where('sales_close_at', '<=', now)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** Puts an order in front of the back office (once per kind; a second flag of the same kind is a no-op). */
  async flag(db: Executor, orderId: number, kind: OrderFlagKind, detail: Record<string, unknown>) {
    await db.insertInto('order_flags').values({ order_id: orderId, kind, detail: JSON.stringify(detail) }).onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing()).execute();
  },

  /** The back office settled the order (confirmed or failed it): its open flags are done. */
  async resolveFlags(db: Executor, orderId: number, at: Date) {
    await db.updateTable('order_flags').set({ resolved_at: at }).where('order_id', '=', orderId).where('resolved_at', 'is', null).execute();
  },

  /** Open flags, oldest first, with what the back office needs to act. */
  openFlags(db: Executor, limit: number) {
    return db
      .selectFrom('order_flags')
      .innerJoin('orders', 'orders.id', 'order_flags.order_id')
      .select(['order_flags.id', 'order_flags.order_id', 'order_flags.kind', 'order_flags.detail', 'order_flags.created_at', 'orders.user_id', 'orders.product_code', 'orders.issue', 'orders.status', 'orders.points_spent', 'orders.ticket_ref'])
      .where('order_flags.resolved_at', 'is', null)
      .orderBy('order_flags.id')
      .limit(limit)
      .execute();
  },
};
