import type { DrawOutcome, KenoOrderWire, KenoResult, KenoSelection } from '@gp/common';
import type { OrderRow } from '../../db/types.ts';
import { presentOrderCommon } from '../../orders/service.ts';

/**
 * A keno order as API.md shows it: `selections` are the plays as `checkTicket` validated them
 * when the order was placed (common `KenoPlay`), there is no special number. `officialResult` is
 * the draw's result (passed when the draw has one: refunded orders show it too); `drawResult` is
 * how this order fared, recorded by the settlement.
 */
export function presentKenoOrder(row: OrderRow, officialResult: KenoResult | null): KenoOrderWire {
  return { ...presentOrderCommon(row, officialResult), playType: 'keno', selections: row.plays as KenoSelection[], drawResult: (row.draw_result as DrawOutcome | null) ?? null };
}
