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

interface OrderRow {
  product_code: string;
  issue: string;
  member_id: number | string;
  name: string;
  email: string;
  units: number;
  points_spent: number;
  created_at: Date | string;
}

/** The fields every order-backed item shows: what was ordered, by whom, for how much, since when. */
const orderFields = (orderId: number | string, row: OrderRow) => ({
  key: `order:${orderId}`,
  orderId: String(orderId),
  productCode: row.product_code,
  issue: row.issue,
  member: { id: String(row.member_id), name: row.name, email: row.email },
  lines: row.units,
  amount: row.points_spent,
  createdAt: iso(row.created_at),
});

/** The purchase sheet an order is bought from (docs/back-office.md): its draw's, else its first event's. */
function sheetOf(row: { draw_id: number | null; lottery_draw_id: number | null; event_id: string | null; product_code: string }) {
  const drawId = row.draw_id ?? row.lottery_draw_id;
  if (drawId !== null) return { per: 'draw' as const, id: String(drawId), productCode: row.product_code };
  return row.event_id === null ? null : { per: 'event' as const, id: String(row.event_id), productCode: null };
}

/** Orders the manual gateway left for a person to buy (PURCHASE_GATEWAY=manual). */
const manualPurchases: QueueSource = {
  id: 'orders.manual-purchase',
  kinds: ['manual_purchase'],
  async list({ db, now, config }) {
    if (config.PURCHASE_GATEWAY !== 'manual') return [];
    return (await queueRepo.awaitingPurchase(db, now, MAX_PER_SOURCE)).map((row) => ({
      ...orderFields(row.id, row),
      kind: 'manual_purchase' as const,
      deadline: iso(row.sales_close_at),
      detail: { multiplier: row.multiplier, plays: row.plays, sheet: sheetOf(row) },
    }));
  },
};

/** Purchases in doubt and tickets bought after a refund (order_flags). */
const orderFlags: QueueSource = {
  id: 'orders.flags',
  kinds: ['purchase_in_doubt', 'bought_after_refund'],
  async list({ db }) {
    return (await queueRepo.openFlags(db, MAX_PER_SOURCE)).map((row) => ({
      ...orderFields(row.order_id, row),
      kind: row.kind,
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
