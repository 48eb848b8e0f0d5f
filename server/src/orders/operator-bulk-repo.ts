import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

/**
 * The simulated operator's record (`simulated_operator_tickets`, see ./operator-repo.ts) read and
 * written for a whole batch of purchase references at once: the same locks and rows as one
 * reference at a time, in three statements whatever the batch's size.
 */
export const simulatedOperatorBulkRepo = {
  /**
   * Takes the advisory lock of every reference (the one `lockPurchaseRef` takes) until the
   * transaction ends, in one fixed order, so two batches sharing references queue, never deadlock.
   */
  async lockPurchaseRefs(trx: Tx, purchaseRefs: readonly string[]) {
    if (purchaseRefs.length === 0) return;
    await sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(r, 7071) as k from unnest(${[...purchaseRefs]}::text[]) r order by 1) locks`.execute(trx);
  },

  async soldTickets(trx: Tx, purchaseRefs: readonly string[]) {
    if (purchaseRefs.length === 0) return new Map<string, string>();
    const rows = await trx.selectFrom('simulated_operator_tickets').select(['purchase_ref', 'ticket_ref']).where('purchase_ref', 'in', [...purchaseRefs]).execute();
    return new Map(rows.map((row) => [row.purchase_ref, row.ticket_ref]));
  },

  async recordSales(trx: Tx, sales: ReadonlyArray<{ purchaseRef: string; ticketRef: string; productCode: string; issue: string; soldAt: Date }>) {
    if (sales.length === 0) return;
    await trx
      .insertInto('simulated_operator_tickets')
      .values(sales.map((sale) => ({ purchase_ref: sale.purchaseRef, ticket_ref: sale.ticketRef, product_code: sale.productCode, issue: sale.issue, sold_at: sale.soldAt })))
      .execute();
  },
};
