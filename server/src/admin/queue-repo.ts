import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/** What every order-backed queue item shows of its order and member. */
const ORDER_AND_MEMBER = [
  'orders.product_code',
  'orders.issue',
  'orders.units',
  'orders.points_spent',
  'orders.sales_close_at',
  'users.id as member_id',
  'users.name',
  'users.email',
] as const;

/**
 * The order queue's SQL: what needs a person (read from orders, order_flags, users), the claims
 * (leases) on it, ticket scans and saved views. The queue only reads orders; every change to an
 * order goes through the orders service.
 */
export const queueRepo = {
  /** Real orders left for the back office to buy by hand (manual gateway), not yet past their cut-off. */
  awaitingPurchase(db: Executor, now: Date, limit: number) {
    return db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.id', 'orders.created_at', 'orders.multiplier', 'orders.plays', 'orders.draw_id', 'orders.lottery_draw_id', ...ORDER_AND_MEMBER])
      // The event whose purchase sheet lists a slip (its first by kick-off), for orders without a draw.
      .select(sql<string | null>`(select l.event_id from order_legs l join football_events e on e.id = l.event_id where l.order_id = orders.id order by e.sales_close_at, e.id limit 1)`.as('event_id'))
      .where(sql<boolean>`orders.status in (0, 1)`)
      .where('orders.trial', '=', false)
      .where('orders.sales_close_at', '>', now)
      .orderBy('orders.sales_close_at')
      .orderBy('orders.id')
      .limit(limit)
      .execute();
  },

  /** The names of users `ids` (members on a purchase sheet), by id. */
  async names(db: Executor, ids: readonly number[]) {
    if (ids.length === 0) return new Map<number, string>();
    return new Map((await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...ids]).execute()).map((u) => [u.id, u.name]));
  },

  /** Whether order `orderId` is bought (status 2) under `ticketRef`: a confirmation sent again. */
  async boughtWith(db: Executor, orderId: number, ticketRef: string) {
    return Boolean(await db.selectFrom('orders').select('id').where('id', '=', orderId).where('status', '=', 2).where('ticket_ref', '=', ticketRef).executeTakeFirst());
  },

  openFlags(db: Executor, limit: number) {
    return db
      .selectFrom('order_flags')
      .innerJoin('orders', 'orders.id', 'order_flags.order_id')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'order_flags.id',
        'order_flags.kind',
        'order_flags.detail',
        'order_flags.created_at',
        'orders.id as order_id',
        'orders.status',
        ...ORDER_AND_MEMBER,
      ])
      .where('order_flags.resolved_at', 'is', null)
      .orderBy('order_flags.id')
      .limit(limit)
      .execute();
  },

  /** Live claims (lease not lapsed), with the claimer's name. */
  liveClaims(db: Executor, now: Date) {
    return db
      .selectFrom('queue_claims')
      .innerJoin('users', 'users.id', 'queue_claims.claimed_by')
      .select(['queue_claims.item_key', 'queue_claims.claimed_by', 'queue_claims.lease_until', 'users.name'])
      .where('queue_claims.lease_until', '>', now)
      .execute();
  },

  /**
   * Claims `key` for `staffId` until `until`: inserts, or takes over a lapsed lease (or renews one's
   * own). One statement on the item's primary key, so of two workers claiming one free item exactly
   * one gets the row back; the other's conflict update finds the lease live and someone else's.
   */
  claim(db: Executor, key: string, staffId: number, now: Date, until: Date) {
    return db
      .insertInto('queue_claims')
      .values({ item_key: key, claimed_by: staffId, claimed_at: now, lease_until: until })
      .onConflict((oc) =>
        oc
          .column('item_key')
          .doUpdateSet({ claimed_by: staffId, claimed_at: now, lease_until: until })
          .where((eb) => eb.or([eb('queue_claims.lease_until', '<=', now), eb('queue_claims.claimed_by', '=', staffId)])),
      )
      .returning(['item_key', 'lease_until'])
      .executeTakeFirst();
  },

  claimOf(db: Executor, key: string, now: Date) {
    return db.selectFrom('queue_claims').select(['claimed_by', 'lease_until']).where('item_key', '=', key).where('lease_until', '>', now).executeTakeFirst();
  },

  release(db: Executor, key: string, staffId: number) {
    return db.deleteFrom('queue_claims').where('item_key', '=', key).where('claimed_by', '=', staffId).execute();
  },

  /** Done with the item, whoever held it. */
  clear(db: Executor, key: string) {
    return db.deleteFrom('queue_claims').where('item_key', '=', key).execute();
  },

  async saveScan(db: Executor, scan: { orderId: number; key: string; contentType: string; size: number; by: number; at: Date }) {
    await db
      .insertInto('ticket_scans')
      .values({ order_id: scan.orderId, storage_key: scan.key, content_type: scan.contentType, size: scan.size, uploaded_by: scan.by, uploaded_at: scan.at })
      .onConflict((oc) => oc.column('order_id').doUpdateSet({ storage_key: scan.key, content_type: scan.contentType, size: scan.size, uploaded_by: scan.by, uploaded_at: scan.at }))
      .execute();
  },

  scanOf(db: Executor, orderId: number) {
    return db.selectFrom('ticket_scans').select(['storage_key', 'content_type', 'size', 'uploaded_at']).where('order_id', '=', orderId).executeTakeFirst();
  },

  /** Live figures: orders in the last 5 minutes, failing purchases, settlement lag per drawn draw. */
  async figures(db: Executor, now: Date) {
    const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000);
    const [recent, failing, lag] = await Promise.all([
      db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('created_at', '>', fiveMinutesAgo).where('trial', '=', false).executeTakeFirstOrThrow(),
      db.selectFrom('order_flags').select((eb) => eb.fn.countAll<string>().as('n')).where('resolved_at', 'is', null).where('kind', '=', 'purchase_in_doubt').executeTakeFirstOrThrow(),
      // Drawn draws whose bought orders are not all settled yet: how long since the draw.
      db
        .selectFrom('draws')
        .innerJoin('orders', 'orders.draw_id', 'draws.id')
        .select(['draws.product_code', 'draws.issue', 'draws.drawn_at'])
        .where('draws.status', '=', 'drawn')
        .where('orders.status', '=', 2)
        .where('orders.settled_at', 'is', null)
        .groupBy(['draws.id', 'draws.product_code', 'draws.issue', 'draws.drawn_at'])
        .orderBy('draws.drawn_at')
        .limit(10)
        .execute(),
    ]);
    return { recent: Number(recent.n), failing: Number(failing.n), lag };
  },

  views(db: Executor, staffId: number) {
    return db.selectFrom('staff_saved_views').select(['id', 'name', 'filters']).where('staff_id', '=', staffId).orderBy('name').limit(50).execute();
  },

  async countViews(db: Executor, staffId: number) {
    const row = await db.selectFrom('staff_saved_views').select((eb) => eb.fn.countAll<string>().as('n')).where('staff_id', '=', staffId).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async saveView(db: Executor, staffId: number, name: string, filters: unknown) {
    await db
      .insertInto('staff_saved_views')
      .values({ staff_id: staffId, name, filters: JSON.stringify(filters) })
      .onConflict((oc) => oc.columns(['staff_id', 'name']).doUpdateSet({ filters: JSON.stringify(filters) }))
      .execute();
  },
};
