import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 item 6: what the member is told matches what happened.
 *
 * - `orders.refund_cause`: why a refunded order (status 9) was refunded — `purchase_failed` (a
 *   worker could not buy the ticket) or `sales_closed` (its sales closed before it was bought). The
 *   order page, the order list, the points history and the inbox name it, instead of reading every
 *   refund as a timeout. Null for orders that were not refunded (and for those refunded before this
 *   column: they read as before).
 * - `orders.refusal_reason`: the worker's words when they marked the purchase failed, shown to the
 *   member inside a translated frame ("We could not buy this ticket: …").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('refund_cause', 'text', (c) => c.check(sql`refund_cause in ('purchase_failed', 'sales_closed')`))
    .addColumn('refusal_reason', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refusal_reason').dropColumn('refund_cause').execute();
}
