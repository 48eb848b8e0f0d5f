import type { OrderWire } from '@gp/common';
import type { Executor } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import type { Platform } from '../platform/platform.ts';
import type { PurchaseGateway } from './gateway.ts';
import type { OrderPlumbing } from './placement.ts';
import { purchaseRef } from './placement.ts';

/** What the order service's operations share: the platform, the placement plumbing, the gateway, and how orders are presented. */
export interface OrderContext {
  platform: Pick<Platform, 'db' | 'queues' | 'outbox' | 'now' | 'config' | 'logger' | 'identity'>;
  plumbing: OrderPlumbing;
  gateway: PurchaseGateway;
  /** Stored orders as the API shows them: each by its family (the game registry's `present`). */
  present(executor: Executor, rows: readonly OrderRow[], at: Date): Promise<OrderWire[]>;
  /** What the gateway knows an order by (`purchaseRef`). */
  refOf(order: Pick<OrderRow, 'id' | 'created_at'>): string;
}

export const orderContext = (
  platform: OrderContext['platform'],
  plumbing: OrderPlumbing,
  gateway: PurchaseGateway,
  present: OrderContext['present'],
): OrderContext => ({ platform, plumbing, gateway, present, refOf: (order) => purchaseRef(platform.identity, order) });

export const iso = (at: Date | string) => new Date(at).toISOString();
