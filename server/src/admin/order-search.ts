import { FOOTBALL_PRODUCT_CODE, isDrawCode, isKenoCode, type AdminOrderDetail, type AdminOrdersPage, type AdminOrdersQuery, type TimelineEntry } from '@gp/common';
import type { OrderService } from '../orders/service.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/platform.ts';
import { dayWindow } from '../reports/service.ts';
import { orderSearchRepo, type OrderSearchFilter } from './order-search-repo.ts';

const iso = (at: Date | string) => new Date(at).toISOString();
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Which column of `orders` names the draw of `productCode`'s family; undefined for a product without draws (football) or an unknown one. */
function drawColumnOf(productCode: string): 'draw_id' | 'lottery_draw_id' | undefined {
  if (isKenoCode(productCode)) return 'draw_id';
  if (isDrawCode(productCode)) return 'lottery_draw_id';
  return undefined;
}

const isKnownProduct = (code: string) => isKenoCode(code) || isDrawCode(code) || code === FOOTBALL_PRODUCT_CODE;

export type OrderSearchService = ReturnType<typeof createOrderSearchService>;

/**
 * The back office's order search and an order's page (issue 31 item 4; docs/back-office.md
 * "Finding orders"): every order by product, draw, football event, status, day, member or a
 * search word, newest first in keyset pages; and one order as its member sees it, with its whole
 * timeline — the history the member sees, the staff actions with who took them, the ledger
 * postings and the back-office flags.
 */
export function createOrderSearchService(platform: Pick<Platform, 'db' | 'config'>, deps: { orders: Pick<OrderService, 'staffView'> }) {
  const { db, config } = platform;
  const timeZone = config.REPORT_TIME_ZONE;

  return {
    /** A page of orders; each filter the query schema accepted is checked against the catalogue here (`validation_failed` with the field). */
    async search(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
      const fields: Record<string, 'invalid'> = {};
      if (query.productCode && !isKnownProduct(query.productCode)) fields.productCode = 'invalid';
      const drawColumn = query.productCode ? drawColumnOf(query.productCode) : undefined;
      if (query.drawId && query.productCode && isKnownProduct(query.productCode) && !drawColumn) fields.drawId = 'invalid'; // football has events, not draws
      const from = query.from === undefined ? undefined : (isDay(query.from) ? dayWindow(timeZone, query.from).start : new Date(query.from));
      const to = query.to === undefined ? undefined : (isDay(query.to) ? dayWindow(timeZone, query.to).end : new Date(query.to));
      if (from && to && to <= from) fields.to = 'invalid';
      if (Object.keys(fields).length) throw new AppError('validation_failed', { fields });

      const filter: OrderSearchFilter = {
        productCode: query.productCode,
        // The query schema checked the ids' form; the repository works in the server's numeric ids.
        draw: query.drawId && drawColumn ? { column: drawColumn, id: Number(query.drawId) } : undefined,
        eventId: query.eventId === undefined ? undefined : Number(query.eventId),
        statuses: query.status,
        from,
        to,
        memberId: query.memberId === undefined ? undefined : Number(query.memberId),
        q: query.q,
        before: query.before === undefined ? undefined : Number(query.before),
        limit: query.limit,
      };
      const rows = await orderSearchRepo.search(db, filter);
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((row) => ({
          id: String(row.id),
          productCode: row.product_code,
          issue: row.issue,
          status: row.status,
          trial: row.trial,
          pointsSpent: row.points_spent,
          prize: row.prize,
          ticketRef: row.ticket_ref,
          createdAt: iso(row.created_at),
          purchasedAt: row.purchased_at ? iso(row.purchased_at) : null,
          settledAt: row.settled_at ? iso(row.settled_at) : null,
          salesCloseAt: iso(row.sales_close_at),
          member: { id: String(row.member_id), name: row.name, email: row.email },
        })),
        nextBefore: rows.length > query.limit ? String(page.at(-1)!.id) : null,
        limit: query.limit,
        timeZone,
      };
    },

    /** One order for the back office: as its member sees it, whose it is, and its timeline oldest first. */
    async detail(orderId: number): Promise<AdminOrderDetail> {
      const { order, userId } = await deps.orders.staffView(orderId);
      const [member, actions, postings, flags] = await Promise.all([
        orderSearchRepo.member(db, userId),
        orderSearchRepo.staffActions(db, orderId),
        orderSearchRepo.postings(db, orderId),
        orderSearchRepo.flags(db, orderId),
      ]);
      const timeline: TimelineEntry[] = [
        ...(order.history ?? []).map((h) => ({ type: 'status' as const, at: h.at, from: h.from, to: h.to, reason: h.reason })),
        ...actions.map((a) => ({
          type: 'staff' as const,
          at: iso(a.at),
          action: a.action,
          actor: a.actor_id === null ? null : { id: String(a.actor_id), name: a.actor_name ?? '', role: a.actor_role },
          detail: a.after ?? null,
        })),
        ...postings.map((p) => ({ type: 'money' as const, at: iso(p.created_at), kind: p.kind, account: p.account, amount: p.amount, balanceAfter: p.balance_after })),
        ...flags.map((f) => ({ type: 'flag' as const, at: iso(f.created_at), kind: f.kind, resolvedAt: f.resolved_at ? iso(f.resolved_at) : null, detail: f.detail })),
      ];
      // Oldest first; at the same instant a status change comes before what it caused.
      const rank = { status: 0, money: 1, staff: 2, flag: 3 } as const;
      timeline.sort((a, b) => a.at.localeCompare(b.at) || rank[a.type] - rank[b.type]);
      return { order, member: { id: String(userId), name: member?.name ?? '', email: member?.email ?? '' }, timeline };
    },
  };
}
