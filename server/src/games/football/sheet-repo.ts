import type { OrderRow } from '../../db/types.ts';
import { ordersToBuy } from '../../orders/service.ts';
import type { PurchaseSheetSource, SheetTicket } from '../family.ts';
import type { FootballPlays } from './order-present.ts';

/**
 * A football slip as a terminal keys it: one line per leg (match code, market, line, selection and
 * the price taken), the play its mode and formula with the unit stake (`allup 3x1 · 10 HKD`).
 */
export function footballSheetTicket(row: OrderRow, codes: ReadonlyMap<string, string>): SheetTicket {
  const plays = row.plays as FootballPlays;
  const stake = `${plays.unitStake.amount} ${plays.unitStake.currency}`;
  return {
    orderId: row.id,
    userId: row.user_id,
    productCode: row.product_code,
    issue: row.issue,
    play: `${plays.mode}${plays.formula ? ` ${plays.formula}` : ''} · ${stake}`,
    multiplier: row.multiplier,
    lines: plays.legs.map((leg) => [codes.get(leg.eventId) ?? leg.eventId, leg.market, leg.line, leg.selection, `@${leg.odds}`].filter(Boolean).join(' ')),
    units: row.units,
    amount: row.points_spent,
    salesCloseAt: new Date(row.sales_close_at),
  };
}

/**
 * Football's purchase sheets: per event. A slip with legs on several events is on the sheet of
 * each of them (it is one ticket: whichever sheet confirms it first, the others see it bought).
 */
export const footballPurchaseSheet: PurchaseSheetSource = {
  per: 'event',
  async tickets(executor, id) {
    const event = await executor.selectFrom('football_events').select('id').where('id', '=', id).executeTakeFirst();
    if (!event) return undefined;
    const rows = await ordersToBuy(executor)
      .where((eb) => eb.exists(eb.selectFrom('order_legs').select('order_legs.order_id').whereRef('order_legs.order_id', '=', 'orders.id').where('order_legs.event_id', '=', id)))
      .execute();
    const eventIds = [...new Set(rows.flatMap((row) => (row.plays as FootballPlays).legs.map((leg) => leg.eventId)))];
    const events = eventIds.length ? await executor.selectFrom('football_events').select(['id', 'code']).where('id', 'in', eventIds.map(Number)).execute() : [];
    const codes = new Map(events.map((event) => [String(event.id), event.code]));
    return rows.map((row) => footballSheetTicket(row, codes));
  },
};
