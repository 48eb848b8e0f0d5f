import type { Tx } from '../db/database.ts';
import type { OrderRow } from '../db/types.ts';
import type { Platform } from '../platform/platform.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';

/**
 * Inside the caller's transaction, after the order moved to 9: its `points_spent` back to the
 * account it was paid from, under the cause (`refund`, order:<id>) that the cut-off and the back
 * office share, so however the two race the member is refunded once; and the `balance` push.
 */
export async function refundIn(platform: Pick<Platform, 'outbox' | 'now'>, trx: Tx, row: Pick<OrderRow, 'user_id' | 'trial' | 'points_spent'>, orderId: number) {
  const { outbox, now } = platform;
  const userId = row.user_id;
  const balances = await walletService.credit(trx, { userId, account: row.trial ? 'trial' : 'real', kind: 'refund', amount: row.points_spent, refType: 'order', refId: orderId });
  await outbox.write(trx, [outbox.event(balanceMessage(userId, balances, now()), now())]);
  return userId;
}
