import type { Platform } from '../../platform/platform.ts';
import { findDrawProduct } from './catalogue.ts';
import { lotteryCalendar } from './calendar.ts';
import { lotteryDrawsForOrders } from './for-orders.ts';
import { lotteryContext } from './lotteries.ts';
import { lotteryReads } from './reads.ts';
import { lotteryResultEntry } from './result-entry.ts';

export { drawCatalogue, drawingProductOf, findDrawProduct, type DrawCatalogue } from './catalogue.ts';
export type { DivisionRow } from './present.ts';
export { lotteryRoom } from './lotteries.ts';

export type DrawService = ReturnType<typeof createDrawService>;

/**
 * The draw lotteries: the catalogue this deployment lists, draws created ahead from each lottery's
 * calendar (with a committed seed and the advertised jackpot), results (simulated at draw time
 * with pool amounts announced DRAW_SIMULATED_AMOUNTS_AFTER_SECONDS later, or an operator's entry),
 * and reading them back. `afterDrawn` runs when numbers or amounts are published (the server
 * queues the settlement there).
 */
export function createDrawService(
  platform: Pick<Platform, 'db' | 'bus' | 'config' | 'logger' | 'now'>,
  hooks: { afterDrawn?: (drawId: number) => Promise<void> } = {},
) {
  const lottery = lotteryContext(platform, hooks);
  const { catalogue, product, rates, source } = lottery;
  return {
    catalogue,
    product,
    products: () => [...catalogue.values()],
    rates,
    resultSource: source,
    isDrawCode: (code: string) => findDrawProduct(catalogue, code) !== undefined,
    ...lotteryCalendar(lottery),
    ...lotteryResultEntry(lottery),
    ...lotteryReads(lottery),
    ...lotteryDrawsForOrders(lottery),
  };
}
