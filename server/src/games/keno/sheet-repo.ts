import type { KenoSelection } from '@gp/common';
import type { OrderRow } from '../../db/types.ts';
import { ordersToBuy } from '../../orders/service.ts';
import type { PurchaseSheetSource, SheetTicket } from '../family.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** A keno play as a terminal keys it: the play (`pick5`, `bigSmall`…) and what is marked. */
function keyed(play: KenoSelection): { play: string; line: string } {
  switch (play.type) {
    case 'pick':
      return { play: `pick${play.stars}`, line: play.numbers.map(two).join(' ') };
    case 'superNumber':
      return { play: 'superNumber', line: play.numbers.map(two).join(' ') };
    case 'bigSmall':
    case 'oddEven':
      return { play: play.type, line: play.pick };
  }
}

export function kenoSheetTicket(row: OrderRow): SheetTicket {
  const plays = (row.plays as KenoSelection[]).map(keyed);
  return {
    orderId: row.id,
    userId: row.user_id,
    productCode: row.product_code,
    issue: row.issue,
    play: [...new Set(plays.map((p) => p.play))].join('+'),
    multiplier: row.multiplier,
    lines: plays.map((p) => p.line),
    units: row.units,
    amount: row.points_spent,
    salesCloseAt: new Date(row.sales_close_at),
  };
}

/** Keno's purchase sheets: per draw (`draws.id`) of a keno product. */
export const kenoPurchaseSheet: PurchaseSheetSource = {
  per: 'draw',
  async tickets(executor, id, productCode) {
    const draw = await executor.selectFrom('draws').select('id').where('id', '=', id).where('product_code', '=', productCode ?? '').executeTakeFirst();
    if (!draw) return undefined;
    return (await ordersToBuy(executor).where('orders.draw_id', '=', id).execute()).map(kenoSheetTicket);
  },
};
