import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../config.ts';
import type { OrderRow } from '../db/types.ts';

/**
 * Buys an order's ticket from the operator. Returns the ticket reference once bought, or `null`
 * when the purchase is completed elsewhere (the manual gateway: the back office confirms it).
 * Throwing means "try again": the purchase job is retried by the queue.
 */
export interface PurchaseGateway {
  readonly kind: 'simulated' | 'manual';
  purchase(order: Pick<OrderRow, 'id' | 'issue' | 'product_code'>): Promise<{ ticketRef: string } | null>;
}

export function simulatedGateway(options: { latencyMs: number; failureRate: number }): PurchaseGateway {
  return {
    kind: 'simulated',
    async purchase(order) {
      if (options.latencyMs > 0) await sleep(options.latencyMs);
      if (options.failureRate > 0 && crypto.randomInt(1_000_000) < options.failureRate * 1_000_000) {
        throw new Error(`simulated purchase failure for order ${order.id}`);
      }
      return { ticketRef: `SIM-${order.issue}-${order.id}-${crypto.randomBytes(4).toString('hex')}` };
    },
  };
}

export const manualGateway: PurchaseGateway = { kind: 'manual', purchase: async () => null };

export function purchaseGateway(config: Pick<Config, 'PURCHASE_GATEWAY' | 'PURCHASE_LATENCY_MS' | 'PURCHASE_FAILURE_RATE'>): PurchaseGateway {
  return config.PURCHASE_GATEWAY === 'manual'
    ? manualGateway
    : simulatedGateway({ latencyMs: config.PURCHASE_LATENCY_MS, failureRate: config.PURCHASE_FAILURE_RATE });
}
