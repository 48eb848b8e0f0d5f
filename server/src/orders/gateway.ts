import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/database.ts';
import { simulatedOperatorBulkRepo } from './operator-bulk-repo.ts';
import { simulatedOperatorRepo } from './operator-repo.ts';

/** What we ask the operator to buy. `purchaseRef` is ours, stable for the order's whole life. */
export interface PurchaseRequest {
  purchaseRef: string;
  /** Our order id, printed on the ticket for the member's reference. */
  orderId: number;
  productCode: string;
  issue: string;
  salesCloseAt: Date;
}

export type PurchaseReply =
  | { outcome: 'bought'; ticketRef: string }
  /** The operator will not sell it (its sales closed): nothing was bought, nothing will be. */
  | { outcome: 'refused'; reason: 'sales_closed' }
  /** Completed elsewhere: the back office buys it and confirms (manual gateway). */
  | { outcome: 'pending' };

export type LookupReply = { state: 'bought'; ticketRef: string } | { state: 'not_bought' };

/**
 * Buys an order's ticket from the operator, exactly once however often we ask.
 *
 * - `purchase` is idempotent per `purchaseRef`: asking again (a retried job, a worker that died
 *   mid-call) returns the ticket already sold, never a second one. It throws when the outcome is
 *   unknown (network error, timeout): the caller asks again or looks it up.
 * - `lookup` says whether the operator sold a ticket for `purchaseRef`. Once the order's sales have
 *   closed the operator refuses new sales, so a `not_bought` then is final: only then may an
 *   order be refunded. It throws when the operator cannot be asked.
 */
export interface PurchaseGateway {
  readonly kind: 'simulated' | 'manual';
  purchase(request: PurchaseRequest): Promise<PurchaseReply>;
  /**
   * Several purchases in one call to the operator (the purchase worker's batches), each with
   * `purchase`'s guarantees for its own reference; one outcome per request, in order: a reply, or
   * the error `purchase` would have thrown for it. Optional: without it the worker calls
   * `purchase` once per request, concurrently (see `purchaseAll`).
   */
  purchaseMany?(requests: readonly PurchaseRequest[]): Promise<Array<PromiseSettledResult<PurchaseReply>>>;
  lookup(purchaseRef: string): Promise<LookupReply>;
}

/** Buys every request through `gateway`: in one call when it can (`purchaseMany`), else one call each, concurrently. */
export function purchaseAll(gateway: PurchaseGateway, requests: readonly PurchaseRequest[]): Promise<Array<PromiseSettledResult<PurchaseReply>>> {
  if (requests.length === 0) return Promise.resolve([]);
  if (gateway.purchaseMany) return gateway.purchaseMany(requests);
  return Promise.allSettled(requests.map((request) => gateway.purchase(request)));
}

export class GatewayTimeoutError extends Error {
  constructor(purchaseRef: string) {
    super(`the operator did not answer in time for ${purchaseRef}; the outcome is unknown`);
    this.name = 'GatewayTimeoutError';
  }
}

export interface SimulatedOperatorOptions {
  db: Db;
  now: () => Date;
  latencyMs: number;
  /** Share of calls that fail before reaching the operator (nothing sold). */
  failureRate: number;
  /** Share of calls whose ticket is sold but whose reply is lost (the caller sees a timeout). */
  timeoutRate: number;
  /** Share of calls that reach the operator `lateMs` later than usual. */
  lateRate: number;
  lateMs: number;
}

const chance = (rate: number) => rate > 0 && crypto.randomInt(1_000_000) < rate * 1_000_000;

/**
 * A simulated operator, behaving like a real one: it keeps its own record of what it sold
 * (table `simulated_operator_tickets`, which our books never read directly), sells at most one
 * ticket per purchase reference, refuses any sale that reaches it at or after the order's sales
 * cut-off, and answers lookups from that record. Faults for testing: failures, lost replies,
 * late arrivals. A lookup and a sale of one reference are serialised by an advisory lock, so a
 * lookup at the cut-off either sees the ticket or the sale is refused.
 */
export function simulatedGateway(options: SimulatedOperatorOptions): PurchaseGateway {
  const { db, now } = options;
  async function underLock<T>(purchaseRef: string, work: (trx: Tx) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await simulatedOperatorRepo.lockPurchaseRef(trx, purchaseRef);
      return work(trx);
    });
  }

  const failed = (reason: Error): PromiseRejectedResult => ({ status: 'rejected', reason });

  return {
    kind: 'simulated',
    async purchaseMany(requests) {
      // One round trip to the operator for the batch: one latency (a late batch is late as a whole).
      const delay = options.latencyMs + (chance(options.lateRate) ? options.lateMs : 0);
      if (delay > 0) await sleep(delay);
      const outcomes: Array<PromiseSettledResult<PurchaseReply> | undefined> = requests.map((request) =>
        chance(options.failureRate) ? failed(new Error(`simulated purchase failure for ${request.purchaseRef}`)) : undefined,
      );
      const reaching = requests.filter((_, i) => !outcomes[i]);
      const refs = reaching.map((request) => request.purchaseRef);
      const replies = await db.transaction().execute(async (trx) => {
        await simulatedOperatorBulkRepo.lockPurchaseRefs(trx, refs);
        const sold = await simulatedOperatorBulkRepo.soldTickets(trx, refs);
        const at = now();
        const sales: Parameters<typeof simulatedOperatorBulkRepo.recordSales>[1][number][] = [];
        const byRef = new Map<string, PurchaseReply>();
        for (const request of reaching) {
          const ref = request.purchaseRef;
          if (byRef.has(ref)) continue; // the same reference twice in a batch: one sale, one answer
          const ticketRef = sold.get(ref);
          if (ticketRef) byRef.set(ref, { outcome: 'bought', ticketRef });
          else if (at >= request.salesCloseAt) byRef.set(ref, { outcome: 'refused', reason: 'sales_closed' });
          else {
            const fresh = `SIM-${request.issue}-${request.orderId}-${crypto.randomBytes(4).toString('hex')}`;
            sales.push({ purchaseRef: ref, ticketRef: fresh, productCode: request.productCode, issue: request.issue, soldAt: at });
            byRef.set(ref, { outcome: 'bought', ticketRef: fresh });
          }
        }
        await simulatedOperatorBulkRepo.recordSales(trx, sales);
        return byRef;
      });
      return requests.map((request, i) => {
        if (outcomes[i]) return outcomes[i];
        const reply = replies.get(request.purchaseRef)!;
        if (reply.outcome === 'bought' && chance(options.timeoutRate)) return failed(new GatewayTimeoutError(request.purchaseRef));
        return { status: 'fulfilled', value: reply };
      });
    },
    async purchase(request) {
      const delay = options.latencyMs + (chance(options.lateRate) ? options.lateMs : 0);
      if (delay > 0) await sleep(delay);
      if (chance(options.failureRate)) throw new Error(`simulated purchase failure for ${request.purchaseRef}`);
      const reply = await underLock<PurchaseReply>(request.purchaseRef, async (trx) => {
        const sold = await simulatedOperatorRepo.soldTicket(trx, request.purchaseRef);
        if (sold) return { outcome: 'bought', ticketRef: sold.ticket_ref };
        const at = now();
        if (at >= request.salesCloseAt) return { outcome: 'refused', reason: 'sales_closed' };
        const ticketRef = `SIM-${request.issue}-${request.orderId}-${crypto.randomBytes(4).toString('hex')}`;
        const { purchaseRef, productCode, issue } = request;
        await simulatedOperatorRepo.recordSale(trx, { purchaseRef, ticketRef, productCode, issue, soldAt: at });
        return { outcome: 'bought', ticketRef };
      });
      if (reply.outcome === 'bought' && chance(options.timeoutRate)) throw new GatewayTimeoutError(request.purchaseRef);
      return reply;
    },
    async lookup(purchaseRef) {
      return underLock<LookupReply>(purchaseRef, async (trx) => {
        const sold = await simulatedOperatorRepo.soldTicket(trx, purchaseRef);
        return sold ? { state: 'bought', ticketRef: sold.ticket_ref } : { state: 'not_bought' };
      });
    },
  };
}

/**
 * The back office buys the ticket by hand and confirms it (`POST /api/admin/orders/:id/confirm`);
 * the confirmation is recorded on the order itself, so at the cut-off nothing else was sold.
 */
export const manualGateway: PurchaseGateway = {
  kind: 'manual',
  purchase: async () => ({ outcome: 'pending' }),
  lookup: async () => ({ state: 'not_bought' }),
};

export function purchaseGateway(
  config: Pick<Config, 'PURCHASE_GATEWAY' | 'PURCHASE_LATENCY_MS' | 'PURCHASE_FAILURE_RATE' | 'PURCHASE_TIMEOUT_RATE' | 'PURCHASE_LATE_RATE' | 'PURCHASE_LATE_MS'>,
  deps: { db: Db; now: () => Date },
): PurchaseGateway {
  return config.PURCHASE_GATEWAY === 'manual'
    ? manualGateway
    : simulatedGateway({
        ...deps,
        latencyMs: config.PURCHASE_LATENCY_MS,
        failureRate: config.PURCHASE_FAILURE_RATE,
        timeoutRate: config.PURCHASE_TIMEOUT_RATE,
        lateRate: config.PURCHASE_LATE_RATE,
        lateMs: config.PURCHASE_LATE_MS,
      });
}
