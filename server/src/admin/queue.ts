import type { QueueFigures, QueueItem, QueueQuery, QueueResponse } from '@gp/common';
import type { Tx } from '../db/database.ts';
import type { OrderService } from '../orders/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { FileStorage } from '../platform/storage.ts';
import { recordAudit, type StaffActor } from '../staff/service.ts';
import { queueRepo } from './queue-repo.ts';
import { queueSources } from './queue-sources.ts';
import { scanKey, sniffScan } from './scans.ts';

/** The Socket.IO room of staff sockets (admin/feed.ts joins them): `queue_changed` goes there. */
export const STAFF_ROOM = 'staff';
const MAX_VIEWS = 20;

export interface UploadedScan {
  buffer: Buffer;
  size: number;
}

export type QueueService = ReturnType<typeof createQueueService>;

/**
 * The order queue: everything that needs a person, sorted by time left before the sales cut-off,
 * with leases (`claim`), confirmation with the ticket reference and its scan, failure with a
 * refund, bulk confirmation. Every action is audited in its own transaction and tells the staff
 * sockets (`queue_changed`) through the outbox, so the consoles re-read it without polling.
 */
export function createQueueService(platform: Pick<Platform, 'db' | 'outbox' | 'now' | 'config' | 'logger'>, deps: { orders: OrderService; storage: FileStorage }) {
  const { db, outbox, now, config } = platform;
  const leaseMs = () => config.QUEUE_LEASE_SECONDS * 1000;

  const changed = (trx: Tx, reason: string) => outbox.write(trx, [outbox.event({ room: STAFF_ROOM, event: 'queue_changed', payload: { at: now().toISOString(), reason } }, now())]);

  /** Throws `item_claimed` when someone else holds a live lease on `key`. */
  async function mustNotBeTakenByOther(trx: Tx, key: string, actor: StaffActor) {
    const claim = await queueRepo.claimOf(trx, key, now());
    if (claim && claim.claimed_by !== actor.id) throw new AppError('item_claimed');
  }

  async function figures(items: QueueItem[]): Promise<QueueFigures> {
    const at = now();
    const { recent, failing, lag } = await queueRepo.figures(db, at);
    const oldest = items.reduce<number | null>((min, item) => {
      const t = new Date(item.createdAt).getTime();
      return min === null || t < min ? t : min;
    }, null);
    return {
      ordersPerMinute: Math.round((recent / 5) * 10) / 10,
      waiting: items.length,
      oldestWaitSeconds: oldest === null ? null : Math.max(0, Math.round((at.getTime() - oldest) / 1000)),
      failingPurchases: failing,
      settlementLag: lag.map((d) => ({ productCode: d.product_code, issue: d.issue, lagSeconds: d.drawn_at ? Math.max(0, Math.round((at.getTime() - new Date(d.drawn_at).getTime()) / 1000)) : 0 })),
    };
  }

  async function confirmTicket(actor: StaffActor, orderId: number, ticketRef: string, scan: UploadedScan | undefined, retryable: boolean): Promise<{ outcome: 'confirmed' | 'already'; scan: boolean }> {
    const key = `order:${orderId}`;
    const at = now();
    let stored: { key: string; type: string; size: number } | undefined;
    if (scan) {
      const kind = sniffScan(scan.buffer);
      if (!kind) throw new AppError('upload_invalid');
      stored = { key: scanKey(orderId, kind.ext, at), type: kind.type, size: scan.size };
      await deps.storage.put(stored.key, scan.buffer, kind.type);
    }
    const moved = await db.transaction().execute(async (trx) => {
      await mustNotBeTakenByOther(trx, key, actor);
      const confirmed = await deps.orders.confirmIn(trx, orderId, ticketRef);
      if (!confirmed) return undefined;
      if (stored) await queueRepo.saveScan(trx, { orderId, key: stored.key, contentType: stored.type, size: stored.size, by: actor.id, at });
      await queueRepo.clear(trx, key);
      await recordAudit(trx, actor, { action: 'order.confirmed', targetType: 'order', targetId: orderId, before: { status: 'processing' }, after: { status: 2, ticketRef, scan: stored?.key ?? null } }, at);
      await changed(trx, 'confirmed');
      return confirmed;
    });
    if (!moved) {
      if (stored) await deps.storage.delete(stored.key).catch(() => undefined);
      if (retryable && (await queueRepo.boughtWith(db, orderId, ticketRef))) return { outcome: 'already', scan: false };
      // Not a real order in 0/1: the orders service's own confirmation says which (not found, or flags a late ticket).
      await deps.orders.confirm(orderId, ticketRef);
      throw new AppError('order_issue');
    }
    outbox.kick();
    return { outcome: 'confirmed', scan: stored !== undefined };
  }

  return {
    async list(actor: StaffActor, query: QueueQuery): Promise<QueueResponse> {
      const at = now();
      const context = { db, now: at, config };
      const sourced = (await Promise.all(queueSources().map((source) => source.list(context)))).flat();
      const claims = new Map((await queueRepo.liveClaims(db, at)).map((c) => [c.item_key, c]));
      // One item per key (an order both awaiting purchase and flagged is one piece of work).
      const byKey = new Map<string, QueueItem>();
      for (const item of sourced) {
        if (byKey.has(item.key)) continue;
        const claim = claims.get(item.key);
        byKey.set(item.key, {
          ...item,
          claim: claim ? { by: String(claim.claimed_by), byName: claim.name, until: new Date(claim.lease_until).toISOString(), mine: claim.claimed_by === actor.id } : null,
        });
      }
      const all = [...byKey.values()];
      // Most urgent first: the nearest cut-off; items past theirs (flags) by how long they have waited.
      all.sort((a, b) => (a.deadline ?? a.createdAt).localeCompare(b.deadline ?? b.createdAt) || a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key, 'en', { numeric: true }));
      const items = all.filter(
        (item) =>
          (!query.kind || item.kind === query.kind) &&
          (!query.productCode || item.productCode === query.productCode) &&
          (query.claim === 'any' || (query.claim === 'free' ? item.claim === null || item.claim.mine : item.claim?.mine === true)),
      );
      return { items, figures: await figures(all), leaseSeconds: config.QUEUE_LEASE_SECONDS };
    },

    /** Takes `key` for QUEUE_LEASE_SECONDS (renews one's own). `item_claimed` when another worker holds it. */
    async claim(actor: StaffActor, key: string) {
      const at = now();
      const until = new Date(at.getTime() + leaseMs());
      const claimed = await db.transaction().execute(async (trx) => {
        const row = await queueRepo.claim(trx, key, actor.id, at, until);
        if (!row) return undefined;
        await recordAudit(trx, actor, { action: 'queue.claimed', targetType: 'queue_item', targetId: key, after: { until: until.toISOString() } }, at);
        await changed(trx, 'claimed');
        return row;
      });
      if (!claimed) throw new AppError('item_claimed');
      outbox.kick();
      return { key, until: until.toISOString() };
    },

    async release(actor: StaffActor, key: string) {
      await db.transaction().execute(async (trx) => {
        await queueRepo.release(trx, key, actor.id);
        await recordAudit(trx, actor, { action: 'queue.released', targetType: 'queue_item', targetId: key }, now());
        await changed(trx, 'released');
      });
      outbox.kick();
    },

    /**
     * The ticket was bought: its reference, and optionally its scan. The scan is stored first (a
     * failed confirmation leaves an unreferenced file, never a referenced missing one); the scan's
     * row, the 0/1 → 2, the member's push and the audit entry then commit together.
     */
    async confirm(actor: StaffActor, orderId: number, ticketRef: string, scan?: UploadedScan) {
      const outcome = await confirmTicket(actor, orderId, ticketRef, scan, false);
      return { orderId: String(orderId), status: 2, scan: outcome.scan };
    },

    /**
     * `confirm` that a retry may repeat (a purchase sheet's confirmation): an order already bought
     * with this very reference answers `already` — no second audit entry, scan or push — so each
     * order is confirmed exactly once however often the sheet is sent.
     */
    confirmOnce: (actor: StaffActor, orderId: number, ticketRef: string, scan?: UploadedScan) => confirmTicket(actor, orderId, ticketRef, scan, true),

    /** The ticket could not be bought: refunded once (the orders service), the member told why (their order's history). */
    async fail(actor: StaffActor, orderId: number, reason: string) {
      const key = `order:${orderId}`;
      const failed = await db.transaction().execute(async (trx) => {
        await mustNotBeTakenByOther(trx, key, actor);
        const done = await deps.orders.failIn(trx, orderId, reason);
        if (!done) return undefined;
        await queueRepo.clear(trx, key);
        await recordAudit(trx, actor, { action: 'order.failed', targetType: 'order', targetId: orderId, after: { status: 9, reason, refunded: done.refunded } }, now());
        await changed(trx, 'failed');
        return done;
      });
      if (!failed) throw new AppError('order_issue');
      outbox.kick();
      return { orderId: String(orderId), status: 9, refunded: failed.refunded };
    },

    /**
     * A stack of tickets bought together: each confirmed on its own (one failure does not undo the
     * others), as a retry may repeat it — a lost answer sent again, two tabs or a double tap racing:
     * an order already bought under the same reference answers `already` (no second audit entry,
     * push or scan), so each order is confirmed once however often the stack is sent.
     */
    async bulkConfirm(actor: StaffActor, items: Array<{ orderId: number; ticketRef: string }>) {
      const results: Array<{ orderId: string; ok: boolean; already?: true; error?: string }> = [];
      for (const { orderId, ticketRef } of items) {
        try {
          const { outcome } = await confirmTicket(actor, orderId, ticketRef, undefined, true);
          results.push(outcome === 'already' ? { orderId: String(orderId), ok: true, already: true } : { orderId: String(orderId), ok: true });
        } catch (error) {
          results.push({ orderId: String(orderId), ok: false, error: error instanceof AppError ? error.code : 'internal_error' });
        }
      }
      return { results };
    },

    /** The scan's bytes and type, for staff; members go through `memberScan`. */
    async scan(orderId: number) {
      const row = await queueRepo.scanOf(db, orderId);
      const body = row ? await deps.storage.get(row.storage_key) : undefined;
      if (!row || !body) throw new AppError('not_found');
      return { body, contentType: row.content_type };
    },

    /** The member's own order's scan (anyone else's order reads as `order_not_found`). */
    async memberScan(userId: number, orderId: number) {
      await deps.orders.get(userId, orderId);
      return this.scan(orderId);
    },

    async views(actor: StaffActor) {
      return (await queueRepo.views(db, actor.id)).map((v) => ({ id: String(v.id), name: v.name, filters: v.filters }));
    },

    async saveView(actor: StaffActor, name: string, filters: QueueQuery) {
      if ((await queueRepo.countViews(db, actor.id)) >= MAX_VIEWS) throw new AppError('validation_failed', { fields: { name: 'invalid' } });
      await queueRepo.saveView(db, actor.id, name, filters);
    },
  };
}
