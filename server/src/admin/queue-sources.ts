import type { QueueItem, QueueKind } from '@gp/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { queueRepo } from './queue-repo.ts';

/** What a source is given to list its items. */
export interface QueueSourceContext {
  db: Db;
  now: Date;
  config: Pick<Config, 'PURCHASE_GATEWAY'>;
}

/** An item as its source sees it; the queue adds the claim. */
export type SourcedItem = Omit<QueueItem, 'claim'>;

/**
 * A kind of work that needs a person. The queue lists every registered source's items, sorted by
 * time left (`deadline`), and leases them by `key`. Draw lotteries' large wins (helper C) and held
 * deposits (helper F) plug in with `registerQueueSource` from their own feature, through
 * admin/service.ts; the queue does not need to know their tables.
 */
export interface QueueSource {
  id: string;
  kinds: readonly QueueKind[];
  list(context: QueueSourceContext): Promise<SourcedItem[]>;
}

const MAX_PER_SOURCE = 500;
const iso = (at: Date | string) => new Date(at).toISOString();

/** Orders the manual gateway left for a person to buy (PURCHASE_GATEWAY=manual). */
const manualPurchases: QueueSource = {
  id: 'orders.manual-purchase',
  kinds: ['manual_purchase'],
  async list({ db, now, config }) {
    if (config.PURCHASE_GATEWAY !== 'manual') return [];
    return (await queueRepo.awaitingPurchase(db, now, MAX_PER_SOURCE)).map((row) => ({
      key: `order:${row.id}`,
      kind: 'manual_purchase' as const,
      orderId: String(row.id),
      productCode: row.product_code,
      issue: row.issue,
      member: { id: String(row.member_id), name: row.name, email: row.email },
      lines: row.units,
      amount: row.points_spent,
      createdAt: iso(row.created_at),
      deadline: iso(row.sales_close_at),
      detail: { multiplier: row.multiplier, plays: row.plays },
    }));
  },
};

/** Purchases in doubt and tickets bought after a refund (order_flags). */
const orderFlags: QueueSource = {
  id: 'orders.flags',
  kinds: ['purchase_in_doubt', 'bought_after_refund'],
  async list({ db }) {
    return (await queueRepo.openFlags(db, MAX_PER_SOURCE)).map((row) => ({
      key: `order:${row.order_id}`,
      kind: row.kind,
      orderId: String(row.order_id),
      productCode: row.product_code,
      issue: row.issue,
      member: { id: String(row.member_id), name: row.name, email: row.email },
      lines: row.units,
      amount: row.points_spent,
      createdAt: iso(row.created_at),
      deadline: null, // past the cut-off already: waiting since createdAt
      detail: { ...row.detail, flagId: String(row.id), status: row.status },
    }));
  },
};

const sources = new Map<string, QueueSource>([
  [manualPurchases.id, manualPurchases],
  [orderFlags.id, orderFlags],
]);

/** Adds (or replaces, by id) a source of queue items. */
export function registerQueueSource(source: QueueSource) {
  sources.set(source.id, source);
}

export const queueSources = () => [...sources.values()];
