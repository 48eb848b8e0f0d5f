import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

/**
 * The simulated operator's own record of what it sold (`simulated_operator_tickets`): the
 * simulated gateway's table, which our books never read.
 */
export const simulatedOperatorRepo = {
  /**
   * Serialises, until the transaction ends, every sale and lookup of one purchase reference: a
   * lookup at the cut-off then either sees the ticket or the sale is refused.
   */
  async lockPurchaseRef(trx: Tx, purchaseRef: string) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${purchaseRef}, 7071))`.execute(trx);
  },

  soldTicket(trx: Tx, purchaseRef: string) {
    return trx.selectFrom('simulated_operator_tickets').select('ticket_ref').where('purchase_ref', '=', purchaseRef).executeTakeFirst();
  },

  async recordSale(trx: Tx, sale: { purchaseRef: string; ticketRef: string; productCode: string; issue: string; soldAt: Date }) {
    await trx
      .insertInto('simulated_operator_tickets')
      .values({ purchase_ref: sale.purchaseRef, ticket_ref: sale.ticketRef, product_code: sale.productCode, issue: sale.issue, sold_at: sale.soldAt })
      .execute();
  },
};
