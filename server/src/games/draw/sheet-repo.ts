import type { OrderRow } from '../../db/types.ts';
import { ordersToBuy } from '../../orders/service.ts';
import type { PurchaseSheetSource, SheetTicket } from '../family.ts';
import type { DrawPlays } from './order-present.ts';

const two = (n: number) => String(n).padStart(2, '0');
const zone = (numbers: readonly number[]) => numbers.map(two).join(' ');

/** An entry as a terminal keys it: its zones apart (`|`), bankers first where it has them (`B 07 / 01 02 …`). */
function entryLine(entry: DrawPlays['entries'][number]) {
  return entry.zones
    .map((numbers, i) => {
      const bankers = entry.bankers?.[i] ?? [];
      return bankers.length ? `B ${zone(bankers)} / ${zone(numbers)}` : zone(numbers);
    })
    .join(' | ');
}

export function drawSheetTicket(row: OrderRow): SheetTicket {
  const plays = row.plays as DrawPlays;
  const play = [plays.play ?? (plays.system ? 'system' : 'standard'), ...(plays.system && plays.play ? ['system'] : []), ...(plays.partialUnit ? ['partial'] : []), ...plays.addOns].join('+');
  return {
    orderId: row.id,
    userId: row.user_id,
    productCode: row.product_code,
    issue: plays.displayIssue || row.issue,
    play,
    multiplier: row.multiplier,
    lines: plays.entries.map(entryLine),
    units: row.units,
    amount: row.points_spent,
    salesCloseAt: new Date(row.sales_close_at),
  };
}

/** The draw lotteries' purchase sheets: per draw (`lottery_draws.id`) of a lottery. */
export const drawPurchaseSheet: PurchaseSheetSource = {
  per: 'draw',
  async tickets(executor, id, productCode) {
    const draw = await executor.selectFrom('lottery_draws').select('id').where('id', '=', id).where('product_code', '=', productCode ?? '').executeTakeFirst();
    if (!draw) return undefined;
    return (await ordersToBuy(executor).where('orders.lottery_draw_id', '=', id).execute()).map(drawSheetTicket);
  },
};
