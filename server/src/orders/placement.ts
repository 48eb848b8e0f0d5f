import { userRoom, type OrderEventPayload, type OrderWire } from '@gp/common';
import type { Tx } from '../db/database.ts';
import type { OrderRow, OrderStatus } from '../db/types.ts';
import { runIdempotent } from '../platform/idempotency.ts';
import type { Effect } from '../platform/outbox.ts';
import type { Platform } from '../platform/platform.ts';
import { balanceMessage, walletService } from '../wallet/service.ts';
import { incarnation, purchaseJob, purchaseJobId, timeoutJob, timeoutJobId } from './jobs.ts';
import { ordersRepo } from './repo.ts';

/**
 * What the gateway knows the order by: this database's identity, the order id and its creation
 * time — stable for the order's whole life, never the same for two orders, in any database.
 */
export const purchaseRef = (identity: string, order: Pick<OrderRow, 'id' | 'created_at'>) =>
  `${identity.replaceAll('-', '').slice(0, 12)}-${order.id}-${incarnation(order.created_at)}`;


const iso = (at: Date | string) => new Date(at).toISOString();

/** What a product family records inside the placement transaction: the order row and its wire form. */
export type RecordOrder = (trx: Tx) => Promise<{ row: OrderRow; order: OrderWire }>;

export type OrderPlumbing = ReturnType<typeof orderPlumbing>;

/**
 * What every order shares, whatever its family (keno, football): the placement transaction under
 * the Idempotency-Key (the family's row, then the wallet debit of `points_spent`), the `order` and
 * `balance` pushes, the purchase and timeout jobs, and conditional status moves.
 */
export function orderPlumbing(platform: Pick<Platform, 'db' | 'outbox' | 'now'>) {
  const { db, outbox, now } = platform;

  function orderEvent(userId: string, row: Pick<OrderRow, 'id' | 'status' | 'updated_at'>, prevStatus: OrderStatus | null): Effect {
    const payload: OrderEventPayload = { id: String(row.id), status: row.status, prevStatus, updatedAt: iso(row.updated_at) };
    return outbox.event({ room: userRoom(userId), event: 'order', payload }, now());
  }

  /** The purchase now and the timeout at the sales cut-off, as outbox effects. Fixed job ids: a second delivery is a no-op. */
  function jobs(row: Pick<OrderRow, 'id' | 'trial' | 'sales_close_at' | 'created_at'>): Effect[] {
    if (row.trial) return [];
    const orderId = String(row.id);
    return [
      purchaseJob.effect({ orderId }, { jobId: purchaseJobId(orderId, row.created_at) }),
      timeoutJob.effect({ closeAt: iso(row.sales_close_at) }, { jobId: timeoutJobId(row.sales_close_at), runAt: row.sales_close_at }),
    ];
  }

  /** Moves an order from one of `from` to `to` inside `trx` and queues the owner's `order` push with it. */
  async function transitionIn(trx: Tx, id: string, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
    const moved = await ordersRepo.transition(trx, id, from, to, reason, now(), extra);
    if (moved) await outbox.write(trx, [orderEvent(String(moved.row.user_id), moved.row, moved.prevStatus)]);
    return moved;
  }

  return {
    orderEvent,
    jobs,
    transitionIn,

    /**
     * Records the order (`record`) and debits its `points_spent` (trial orders: the trial account)
     * in one transaction under the Idempotency-Key, with its follow-up work in the outbox of the
     * same transaction: the `order` and `balance` pushes, then the purchase and the timeout jobs.
     * Once that commits the answer is 201, whatever Redis is doing: the outbox delivers the rest.
     * Any refusal inside `record` or the debit rolls everything back. A replay returns the first
     * answer and does nothing else.
     */
    async place(userId: string, key: string, body: unknown, record: RecordOrder): Promise<{ status: number; body: { order: OrderWire } }> {
      const result = await runIdempotent<{ order: OrderWire }>(db, { userId, scope: 'order', key, body }, async (trx, answer) => {
        const { row, order } = await record(trx);
        const account = row.trial ? ('trial' as const) : ('real' as const);
        const debited = await walletService.debit(trx, { userId, account, kind: 'order', amount: row.points_spent, refType: 'order', refId: String(row.id) });
        const placed = { status: 201, body: { order } };
        // Pushed before the purchase is queued, so the owner hears `null → 0` before the worker's `0 → 1`.
        // The key's answer goes in the same statement as the outbox row: one round trip for both.
        await outbox.write(
          trx,
          [orderEvent(userId, row, null), outbox.event(balanceMessage(userId, { balance: debited.balance, trialBalance: debited.trialBalance }, now()), now()), ...jobs(row)],
          { alongside: answer?.answerQuery(placed) },
        );
        return { ...placed, answered: answer !== undefined };
      });
      if (!result.replayed) outbox.kick();
      return { status: result.status, body: result.body };
    },

    /**
     * `transition` for many orders in one transaction (the purchase worker's batches): each moves
     * only if it is still in one of `from`, and each owner hears of their own order; the pushes
     * of the whole batch are one outbox row.
     */
    async transitionMany(moves: ReadonlyArray<{ id: string; extra?: Parameters<typeof ordersRepo.transition>[6] }>, from: readonly OrderStatus[], to: OrderStatus, reason: string) {
      if (moves.length === 0) return [];
      const moved = await db.transaction().execute(async (trx) => {
        const rows = await ordersRepo.transitionMany(trx, moves, from, to, reason, now());
        await outbox.write(trx, rows.map((m) => orderEvent(String(m.row.user_id), m.row, m.prevStatus)));
        return rows;
      });
      if (moved.length) outbox.kick();
      return moved;
    },

    /** Moves an order from one of `from` to `to` in its own transaction and tells the owner. */
    async transition(id: string, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
      const moved = await db.transaction().execute((trx) => transitionIn(trx, id, from, to, reason, extra));
      if (moved) outbox.kick();
      return moved;
    },
  };
}
