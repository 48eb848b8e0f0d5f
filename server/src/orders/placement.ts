import { userRoom, type OrderEventPayload, type OrderWire } from '@gp/common';
import type { SqlPart, Tx } from '../db/database.ts';
import type { NewOrder, OrderRow, OrderStatus } from '../db/types.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../platform/errors.ts';
import { createBatcher } from '../platform/batcher.ts';
import { hashRequest, isKeyTaken, keyAnswersFrom, runIdempotent, storedAnswer } from '../platform/idempotency.ts';
import type { Effect } from '../platform/outbox.ts';
import type { Platform } from '../platform/platform.ts';
import { playGuard } from '../responsible-play/service.ts';
import { balanceMessage, walletService, type Balances } from '../wallet/service.ts';
import { incarnation, purchaseJob, purchaseJobId, timeoutJob, timeoutJobId } from './jobs.ts';
import { placementQueries, STANDIN, type CompiledPlacement, type PlacementRow } from './placement-repo.ts';
import { orderQueries, ordersRepo } from './repo.ts';

/**
 * What the gateway knows the order by: this database's identity, the order id and its creation
 * time — stable for the order's whole life, never the same for two orders, in any database.
 */
export const purchaseRef = (identity: string, order: Pick<OrderRow, 'id' | 'created_at'>) =>
  `${identity.replaceAll('-', '').slice(0, 12)}-${order.id}-${incarnation(order.created_at)}`;

/**
 * `order_failed` for a placement that did not commit (nothing was charged; the same
 * Idempotency-Key may be tried again): 503 when the database was out of reach, which a retry in a
 * moment may cure (the answer carries Retry-After), 500 when something else went wrong.
 */
export const orderFailed = (error: unknown) => new AppError('order_failed', { status: isDatabaseUnavailable(error) ? 503 : 500 });

const iso = (at: Date | string) => new Date(at).toISOString();

/** What a product family records inside the placement transaction: the order row and its wire form. */
export type RecordOrder = (trx: Tx) => Promise<{ row: OrderRow; order: OrderWire }>;

/** The order row as a family prepares it for `placeAtOnce` (jsonb columns as values). */
export type PreparedRow = Omit<NewOrder, 'plays' | 'stake' | 'fee'> & {
  status: OrderStatus;
  trial: boolean;
  points_spent: number;
  plays: unknown;
  stake: unknown;
  fee?: unknown;
  sales_close_at: Date;
  created_at: Date;
  updated_at: Date;
};

/**
 * An order a family has checked and priced before any write, for `placeAtOnce`: its row, the
 * reason of its first history entry, and what it plays (its sale) as it was read, with the SQL
 * condition that it is still so (`stillOnSale`, of the statement's row `s`: `sale_id`, `sale_at`,
 * `sale_close_at`) and the refusal to name when it no longer is.
 */
export interface PreparedOrder {
  row: PreparedRow;
  reason: string;
  /** The order `row` as the API shows it once placed, with the id the statement gives it (`id`, a stand-in until then). */
  present(row: PreparedRow, id: string): OrderWire;
  sale: { id: number; at: Date; closeAt: Date; stillOnSale: SqlPart<boolean> };
  /** Throws the family's refusal (`sales_closed`) when what the order plays is no longer on sale. */
  checkOnSale(): Promise<void>;
}

/** Orders placed by one statement at most, and such statements under way at once (group commit, see `placeAtOnce`). */
const PLACEMENTS_PER_STATEMENT = 64;
const PLACEMENT_STATEMENTS_IN_FLIGHT = 2;

/** One order on its way into a placing statement. */
interface Placement {
  userId: number;
  prepared: PreparedOrder;
  /** Its row of the statement (answer and effects with the stand-ins). */
  row: PlacementRow;
  /** Its effects as JS, for the outbox's write hooks. */
  effects: Effect[];
}

/** The order columns a placing statement inserts: those the family set. */
const columnsOf = (prepared: PreparedOrder) => Object.keys(prepared.row).filter((c) => prepared.row[c as keyof PreparedRow] !== undefined) as Array<keyof PreparedRow>;

export type OrderPlumbing = ReturnType<typeof orderPlumbing>;

/**
 * What every order shares, whatever its family: the placement transaction under
 * the Idempotency-Key (the family's row, then the wallet debit of `points_spent`), the `order` and
 * `balance` pushes, the purchase and timeout jobs, and conditional status moves.
 */
export function orderPlumbing(platform: Pick<Platform, 'db' | 'outbox' | 'now'>) {
  const { db, outbox, now } = platform;
  /** Compiled placing statements by sale check, then by columns (`compiledPlacement`). */
  const compiledByShape = new WeakMap<SqlPart, Map<string, CompiledPlacement>>();

  function orderEvent(userId: number, row: Pick<OrderRow, 'id' | 'status' | 'updated_at'> & Partial<Pick<OrderRow, 'refund_cause' | 'refusal_reason' | 'points_spent'>>, prevStatus: OrderStatus | null): Effect {
    const payload: OrderEventPayload = { id: String(row.id), status: row.status, prevStatus, updatedAt: iso(row.updated_at) };
    // A refund tells its cause with it: the inbox message it becomes names the cause and the worker's words.
    if (row.status === 9 && row.refund_cause && row.points_spent !== undefined)
      payload.refund = { cause: row.refund_cause, reason: row.refusal_reason ?? null, points: row.points_spent };
    return outbox.event({ room: userRoom(userId), event: 'order', payload }, now());
  }

  /** The purchase now and the timeout at the sales cut-off, as outbox effects. Fixed job ids: a second delivery is a no-op. */
  function jobs(row: Pick<OrderRow, 'id' | 'trial' | 'sales_close_at' | 'created_at'>): Effect[] {
    if (row.trial) return [];
    const orderId = row.id;
    return [
      purchaseJob.effect({ orderIds: [orderId] }, { jobId: purchaseJobId(orderId, row.created_at) }),
      timeoutJob.effect({ closeAt: iso(row.sales_close_at) }, { jobId: timeoutJobId(row.sales_close_at), runAt: row.sales_close_at }),
    ];
  }

  /** Moves an order from one of `from` to `to` inside `trx` and queues the owner's `order` push with it. */
  async function transitionIn(trx: Tx, id: number, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
    const moved = await ordersRepo.transition(trx, id, from, to, reason, now(), extra);
    if (moved) await outbox.write(trx, [orderEvent(moved.row.user_id, moved.row, moved.prevStatus)]);
    return moved;
  }

  /**
   * Inside `place`'s transaction, an order recorded besides the one `record` returns (a ticket for
   * several sales is one order per sale): its debit under its own ledger cause, its pushes and jobs.
   */
  async function chargeIn(trx: Tx, userId: number, row: OrderRow) {
    const at = now();
    const account = row.trial ? ('trial' as const) : ('real' as const);
    const debited = await walletService.debit(trx, { userId, account, kind: 'order', amount: row.points_spent, refType: 'order', refId: String(row.id) });
    await outbox.write(trx, [orderEvent(userId, row, null), outbox.event(balanceMessage(userId, debited, at), at), ...jobs(row)]);
  }

  /** An order's row of a placing statement: its debit, sale, columns, key, answer and effects. */
  function placement(userId: number, key: string | undefined, body: unknown, prepared: PreparedOrder): Placement {
    const { row, sale } = prepared;
    const balance = { balance: STANDIN.balance, trialBalance: STANDIN.trialBalance } as unknown as Balances;
    // Stand-ins the statement replaces with the new order's id: as text in the push, as a number in the job data.
    const effects = [
      orderEvent(userId, { ...row, id: STANDIN.id as unknown as number }, null),
      outbox.event(balanceMessage(userId, balance, now()), now()),
      ...jobs({ ...row, id: STANDIN.idNumber as unknown as number }),
    ];
    const debit = walletService.debits.columns({ userId, account: row.trial ? 'trial' : 'real', kind: 'order', amount: row.points_spent });
    return {
      userId,
      prepared,
      effects,
      row: {
        ...debit,
        sale_id: sale.id,
        sale_at: sale.at,
        sale_close_at: sale.closeAt,
        row: { ...row },
        reason: prepared.reason,
        key: key ?? null,
        request_hash: key === undefined ? null : hashRequest(body),
        answer: JSON.stringify({ order: prepared.present(row, STANDIN.id) }),
        effects: JSON.stringify(effects),
      },
    };
  }

  /**
   * The one statement that places `batch` (one order per member), built but not run
   * (server/test/wallet/sql-snapshots.test.ts snapshots it): the debits, the orders, their
   * history and ledger rows, the keys with their answers and the outbox rows, as CTEs of one INSERT.
   */
  function placementStatement(batch: readonly Placement[], json = placementQueries.ordersJson(batch.map((p) => p.row))) {
    const first = batch[0]!.prepared;
    const debits = walletService.debits.steps('v', first.sale.stillOnSale);
    const insert = orderQueries.insertFrom('debited', columnsOf(first));
    return placementQueries.statement([
      placementQueries.orders(json),
      debits.moved,
      placementQueries.debited(),
      insert.placed,
      placementQueries.placedOrders(),
      insert.firstEntries('pv'),
      debits.entries('pv'),
      keyAnswersFrom('pv', 'order', 201),
      outbox.rowsFrom(batch.map((p) => p.effects), 'pv'),
    ]);
  }

  /**
   * The placing statement of `batch`, compiled. Its text and every parameter but the first (the
   * orders' JSON) depend only on its shape — the orders' columns and the family's sale check —
   * so it is compiled once per shape (Kysely's compile cost as much as building the JSON), and a
   * batch only puts in its JSON (sql-snapshots.test.ts checks two batches differ in nothing else).
   * The statement is still built for every batch: its parts check what they must (the outbox
   * refuses effects a write hook would need a transaction for).
   */
  function compiledPlacement(batch: readonly Placement[]) {
    const json = placementQueries.ordersJson(batch.map((p) => p.row));
    const statement = placementStatement(batch, json);
    const first = batch[0]!.prepared;
    let byColumns = compiledByShape.get(first.sale.stillOnSale);
    if (!byColumns) compiledByShape.set(first.sale.stillOnSale, (byColumns = new Map()));
    const shape = columnsOf(first).join(',');
    let query = byColumns.get(shape);
    if (!query) {
      query = placementQueries.compile(db, statement);
      if (query.parameters[0] !== json) throw new Error('the placing statement must take its orders as its first parameter');
      byColumns.set(shape, query);
    }
    return { ...query, parameters: [json, ...query.parameters.slice(1)] };
  }

  /**
   * Places a batch in one statement: each order's id, or undefined for those refused (their debit
   * or sale check did not pass). If the statement fails as a whole (a key a concurrent request
   * took, two statements waiting on each other's wallets), each order is tried again on its own,
   * so one order's trouble is its alone.
   */
  async function placeTogether(batch: Placement[]): Promise<Array<PromiseSettledResult<number | undefined>>> {
    // The statement finds each order's row by its member (`pv`): one order per member in it.
    if (new Set(batch.map((p) => p.userId)).size !== batch.length) throw new Error('a placing statement takes one order per member');
    // One statement checks one kind of sale: orders of families whose sales differ go apart.
    const kinds = new Set(batch.map((p) => p.prepared.sale.stillOnSale));
    if (kinds.size > 1) {
      const outcomes = new Map<Placement, PromiseSettledResult<number | undefined>>();
      for (const kind of kinds) {
        const group = batch.filter((p) => p.prepared.sale.stillOnSale === kind);
        (await placeTogether(group)).forEach((outcome, i) => outcomes.set(group[i]!, outcome));
      }
      return batch.map((p) => outcomes.get(p)!);
    }
    try {
      const ids = await placementQueries.run(db, compiledPlacement(batch));
      return batch.map((_, i) => ({ status: 'fulfilled', value: ids.get(i) }));
    } catch (error) {
      if (batch.length === 1) return [{ status: 'rejected', reason: error }];
      return Promise.allSettled(batch.map(async (one) => (await placementQueries.run(db, compiledPlacement([one]))).get(0)));
    }
  }

  /**
   * Whether the member may order at all (issue 32: not on a break, not self-excluded, a date of
   * birth given) and whether a limit must be checked. A key answered before the break still replays.
   */
  async function admit(userId: number, key: string | undefined, body: unknown): Promise<{ limited: boolean } | { replay: { status: number; body: { order: OrderWire } } }> {
    try {
      return await playGuard.admit(db, userId, now());
    } catch (error) {
      const stored = error instanceof AppError && key !== undefined ? await storedAnswer<{ order: OrderWire }>(db, { userId, scope: 'order', key, body }) : undefined;
      if (stored) return { replay: { status: stored.status, body: stored.body } };
      throw error;
    }
  }

  /**
   * `placeTogether` for one order of a member with a spend or loss limit: its placing statement and
   * the limit check in one transaction, so a limit passed rolls the order back whole. Concurrent
   * orders of that member wait for each other on their wallet row, then on their limits row.
   */
  function placeChecked(one: Placement): Promise<number | undefined> {
    return db.transaction().execute(async (trx) => {
      const placed = (await placementQueries.run(trx, compiledPlacement([one]))).get(0);
      if (placed !== undefined) await playGuard.checkStakes(trx, one.userId, one.prepared.row.points_spent, now());
      return placed;
    });
  }

  /** Concurrent placements travel together (group commit), one order per member in a statement. */
  const placements = createBatcher(placeTogether, { maxBatch: PLACEMENTS_PER_STATEMENT, maxInFlight: PLACEMENT_STATEMENTS_IN_FLIGHT, identity: (p) => p.userId });

  return {
    orderEvent,
    jobs,
    /** Inside `place`'s transaction (a family's `record`): an order row and its first history entry. */
    insertIn: (trx: Tx, order: Parameters<typeof ordersRepo.insert>[1], reason: string) => ordersRepo.insert(trx, order, reason),
    chargeIn,
    transitionIn,
    placement,
    placementStatement,
    placeTogether,

    /**
     * Records the order (`record`) and debits its `points_spent` (trial orders: the trial account)
     * in one transaction under the Idempotency-Key, with its follow-up work in the outbox of the
     * same transaction: the `order` and `balance` pushes, then the purchase and the timeout jobs.
     * Once that commits the answer is 201, whatever Redis is doing: the outbox delivers the rest.
     * Any refusal inside `record` or the debit rolls everything back. A replay returns the first
     * answer and does nothing else.
     */
    async place(userId: number, key: string, body: unknown, record: RecordOrder): Promise<{ status: number; body: { order: OrderWire } }> {
      const admitted = await admit(userId, key, body);
      if ('replay' in admitted) return admitted.replay;
      const result = await runIdempotent<{ order: OrderWire }>(db, { userId, scope: 'order', key, body }, async (trx, answer) => {
        const { row, order } = await record(trx);
        const account = row.trial ? ('trial' as const) : ('real' as const);
        const debited = await walletService.debit(trx, { userId, account, kind: 'order', amount: row.points_spent, refType: 'order', refId: String(row.id) });
        // The member's spend and loss limits, counting what this transaction charged (issue 32).
        if (admitted.limited && !row.trial) await playGuard.checkStakes(trx, userId, row.points_spent, now());
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
     * `place` in ONE statement, with no transaction around it, for a family that can check and
     * price its order before any write: the debit (conditional on the balance, the
     * member's debts and `prepared.sale.stillOnSale`), the order and its history, the ledger row,
     * the key with its answer and the outbox row are CTEs of one INSERT, so they commit together
     * or not at all; concurrent orders of other members share the statement (`placeTogether`).
     * Same rules and answers as `place`:
     * - a replay (the key already answered) returns the first answer and does nothing else, whatever
     *   the sale or the balance is now; a key used for another body is `idempotency_key_reused`;
     * - a concurrent duplicate waits on the key's unique index, fails, and replays the first;
     * - a refusal changes nothing and is named as `place` names it: `sales_closed`,
     *   `wallet_debt`, `insufficient_points`.
     */
    async placeAtOnce(userId: number, key: string | undefined, body: unknown, prepare: (fresh: boolean) => Promise<PreparedOrder>): Promise<{ status: number; body: { order: OrderWire } }> {
      /** The first answer under this key, if it has one (`idempotency_key_reused` for another body). */
      const replay = async () => {
        const stored = key === undefined ? undefined : await storedAnswer<{ order: OrderWire }>(db, { userId, scope: 'order', key, body });
        return stored && { status: stored.status, body: stored.body };
      };
      const admitted = await admit(userId, key, body);
      if ('replay' in admitted) return admitted.replay;
      // Twice at most: a refusal nothing explains any more (a top-up landed in between, the sale
      // the family remembered changed) is tried again with everything read afresh.
      for (let attempt = 1; ; attempt++) {
        let prepared: PreparedOrder;
        try {
          prepared = await prepare(attempt > 1);
        } catch (error) {
          // A key answered before its sale closed (or before a limit changed) still replays.
          if (error instanceof AppError) return (await replay()) ?? Promise.reject(error);
          throw error;
        }
        const one = placement(userId, key, body, prepared);
        let placed;
        try {
          // A member with a limit is placed alone, in a transaction that checks it (issue 32).
          placed = admitted.limited && !prepared.row.trial ? await placeChecked(one) : await placements.run(one);
        } catch (error) {
          if (isKeyTaken(error)) return (await replay()) ?? Promise.reject(error);
          throw error;
        }
        if (placed) {
          outbox.kick();
          return { status: 201, body: JSON.parse(one.row.answer.replaceAll(STANDIN.id, String(placed))) as { order: OrderWire } };
        }
        // Nothing happened: say why, in `place`'s order (a replay, then the sale, then the wallet).
        const replayed = await replay();
        if (replayed) return replayed;
        await prepared.checkOnSale();
        const account = prepared.row.trial ? ('trial' as const) : ('real' as const);
        const refusal = await walletService.whyNotDebited(db, { userId, account, kind: 'order', amount: prepared.row.points_spent });
        if (refusal || attempt === 2) throw refusal ?? new AppError('insufficient_points');
      }
    },

    /**
     * `transition` for many orders in one transaction (the purchase worker's batches): each moves
     * only if it is still in one of `from`, and each owner hears of their own order; the pushes
     * of the whole batch are one outbox row.
     */
    async transitionMany(moves: ReadonlyArray<{ id: number; extra?: Parameters<typeof ordersRepo.transition>[6] }>, from: readonly OrderStatus[], to: OrderStatus, reason: string) {
      if (moves.length === 0) return [];
      const moved = await db.transaction().execute(async (trx) => {
        const rows = await ordersRepo.transitionMany(trx, moves, from, to, reason, now());
        await outbox.write(trx, rows.map((m) => orderEvent(m.row.user_id, m.row, m.prevStatus)));
        return rows;
      });
      if (moved.length) outbox.kick();
      return moved;
    },

    /** Moves an order from one of `from` to `to` in its own transaction and tells the owner. */
    async transition(id: number, from: readonly OrderStatus[], to: OrderStatus, reason: string, extra: Parameters<typeof ordersRepo.transition>[6] = {}) {
      const moved = await db.transaction().execute((trx) => transitionIn(trx, id, from, to, reason, extra));
      if (moved) outbox.kick();
      return moved;
    },
  };
}
