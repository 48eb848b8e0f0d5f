import { plainPoints, type PurchaseSheet, type PurchaseSheetGroup, type SheetConfirmResult } from '@gp/common';
import type { GameRegistry } from '../games/registry.ts';
import { csvDocument } from '../platform/csv.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import type { StaffActor } from '../staff/service.ts';
import type { QueueService, UploadedScan } from './queue.ts';
import { queueRepo } from './queue-repo.ts';

export type PurchaseSheetService = ReturnType<typeof createPurchaseSheetService>;

/**
 * Buying in batches (issue 31 item 3). A courier at a lottery terminal buys a draw's (or a
 * football event's) tickets together: the sheet lists every ticket still to buy, grouped as the
 * terminal keys them — product, play, multiplier — a line per ticket, each with its order number to
 * write the reference against. What a ticket reads as is its family's (`GameFamily.purchaseSheet`).
 *
 * The sheet's confirmation goes through the queue's own confirmation with a scan, one ticket at a
 * time (one refused ticket does not undo the others), and answers a retry of the same reference
 * `already`: each order is confirmed once however often a flaky connection sends the sheet.
 */
export function createPurchaseSheetService(platform: Pick<Platform, 'db' | 'now'>, deps: { games: Pick<GameRegistry, 'purchaseSheet'>; queue: Pick<QueueService, 'confirmOnce'> }) {
  const { db, now } = platform;

  async function sheet(per: 'draw' | 'event', id: number, productCode: string | null): Promise<PurchaseSheet> {
    const tickets = await deps.games.purchaseSheet(db, per, id, productCode);
    if (!tickets) throw new AppError('not_found');
    const names = await queueRepo.names(db, [...new Set(tickets.map((t) => t.userId))]);
    const groups = new Map<string, PurchaseSheetGroup>();
    for (const ticket of tickets) {
      const key = JSON.stringify([ticket.productCode, ticket.play, ticket.multiplier]);
      const group = groups.get(key) ?? { productCode: ticket.productCode, play: ticket.play, multiplier: ticket.multiplier, tickets: [] };
      group.tickets.push({
        orderId: String(ticket.orderId),
        member: { id: String(ticket.userId), name: names.get(ticket.userId) ?? '' },
        issue: ticket.issue,
        lines: ticket.lines,
        units: ticket.units,
        amount: ticket.amount,
        salesCloseAt: ticket.salesCloseAt.toISOString(),
      });
      groups.set(key, group);
    }
    const ordered = [...groups.values()].sort((a, b) => a.productCode.localeCompare(b.productCode) || a.play.localeCompare(b.play, 'en', { numeric: true }) || a.multiplier - b.multiplier);
    return {
      per,
      id: String(id),
      productCode,
      groups: ordered,
      totals: { tickets: tickets.length, units: tickets.reduce((sum, t) => sum + t.units, 0), amount: tickets.reduce((sum, t) => sum + t.amount, 0) },
      generatedAt: now().toISOString(),
    };
  }

  return {
    sheet,

    /** The sheet as CSV: one row per ticket, its lines in one cell (one per line), amounts in GP with two decimals. */
    async csv(per: 'draw' | 'event', id: number, productCode: string | null) {
      const found = await sheet(per, id, productCode);
      const rows = found.groups.flatMap((group) =>
        group.tickets.map((t) => [group.productCode, t.issue, group.play, group.multiplier, t.orderId, t.member.name, t.lines.join('\n'), t.units, plainPoints(t.amount), t.salesCloseAt, '']),
      );
      const filename = `purchase-sheet-${per}-${productCode ? `${productCode}-` : ''}${id}.csv`;
      return { filename, csv: csvDocument(['product', 'issue', 'play', 'multiplier', 'order', 'member', 'lines', 'units', 'amount_gp', 'sales_close_at', 'ticket_ref'], rows) };
    },

    /** Confirms the sheet's tickets, each with its reference and its scan (`scans` by order id). */
    async confirm(actor: StaffActor, items: ReadonlyArray<{ orderId: string; ticketRef: string }>, scans: ReadonlyMap<string, UploadedScan>): Promise<SheetConfirmResult> {
      const results: SheetConfirmResult['results'] = [];
      for (const { orderId, ticketRef } of items) {
        try {
          // The items passed the wire schema's id check; the queue works in the server's numeric ids.
          const done = await deps.queue.confirmOnce(actor, Number(orderId), ticketRef, scans.get(orderId));
          results.push({ orderId, outcome: done.outcome, scan: done.scan });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ orderId, outcome: 'refused', error: error.code, scan: false });
        }
      }
      return { results };
    },
  };
}
