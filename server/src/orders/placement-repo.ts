import crypto from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import { prepared, type Executor, type SqlPart } from '../db/database.ts';

/**
 * Stand-ins for what only the placing statement knows (the new order's id, the balances after the
 * debit) in the JSON it stores (the key's answer, the outbox row): the statement puts the values
 * in with `replace`. Random per process, so no member's input can spell one.
 */
const stand = crypto.randomUUID().replaceAll('-', '');
export const STANDIN = {
  /** The id where the JSON carries it as text (the API's answer, the `order` push). */
  id: `@@order-id-${stand}@@`,
  /** The id where the JSON carries it as a number (queue job data: ids are numbers in server code), and inside a job id. */
  idNumber: `@@order-number-${stand}@@`,
  balance: `@@balance-${stand}@@`,
  trialBalance: `@@trial-balance-${stand}@@`,
};

/** What a placing statement answers: each placed order's id by its `i`. */
type PlacedId = { i: number; order_id: number };
/** A placing statement compiled (`placementQueries.compile`), to run with `placementQueries.run`. */
export type CompiledPlacement = CompiledQuery<PlacedId>;

/** One order of a placing statement: its row of the CTE `v` (see `placementQueries`). */
export interface PlacementRow {
  /** The debit (walletService.debits.columns). */
  user_id: number;
  account: string;
  kind: string;
  amount: number;
  unless_debt: boolean;
  /** What the order plays, as read: checked again by the family's `stillOnSale` condition. */
  sale_id: number;
  sale_at: Date;
  sale_close_at: Date;
  /** The order's columns. */
  row: Record<string, unknown>;
  reason: string;
  /** The Idempotency-Key and its request's hash; null without a key. */
  key: string | null;
  request_hash: string | null;
  /** The key's answer and the outbox effects as JSON text, with the stand-ins. */
  answer: string;
  effects: string;
}

/**
 * The SQL of `placeAtOnce` (./placement.ts) beside the parts other modules build (the debits, the
 * keys, the outbox rows): the orders of the statement, the orders it placed with the stand-ins
 * filled in, and the statement.
 */
export const placementQueries = {
  /** The orders of a statement as its one JSON parameter, numbered `i` in the order given. */
  ordersJson: (rows: readonly PlacementRow[]) => JSON.stringify(rows.map((row, i) => ({ i, ...row }))),

  /** The orders (`ordersJson`) as the CTE `v`, typed columns: the statement's first parameter. */
  orders: (json: string) =>
    sql`v as (
      select * from jsonb_to_recordset(${json}::jsonb)
        as v(i int, user_id bigint, account text, kind text, amount bigint, unless_debt boolean,
             sale_id bigint, sale_at timestamptz, sale_close_at timestamptz, row jsonb, reason text,
             key text, request_hash text, answer text, effects text)
    )`,

  /** The orders whose debit happened (CTE `wallet_moved`): `debited`, what `placed` inserts. */
  debited: () => sql`debited as (select v.* from v join wallet_moved m on m.i = v.i)`,

  /**
   * The orders placed (CTEs `wallet_moved` and `placed`; one member per statement, so `user_id`
   * finds an order's row) as `pv`: each with its id as the ledger cause, its balance after the
   * debit, and its answer and effects with the stand-ins filled in.
   */
  placedOrders: () =>
    sql`pv as (
      select v.i, v.user_id, v.account, v.kind, v.amount, 'order' as ref_type, p.id::text as ref_id,
             p.id as order_id, p.status, p.created_at, v.reason, v.key, v.request_hash, m.after,
             replace(v.answer, ${STANDIN.id}, p.id::text) as answer,
             replace(replace(replace(replace(replace(v.effects, ${STANDIN.id}, p.id::text),
               ${JSON.stringify(STANDIN.idNumber)}, p.id::text), ${STANDIN.idNumber}, p.id::text),
               ${JSON.stringify(STANDIN.balance)}, m.balance::text),
               ${JSON.stringify(STANDIN.trialBalance)}, m.trial_balance::text) as effects
        from v join wallet_moved m on m.i = v.i join placed p on p.user_id = v.user_id
    )`,

  /** The CTEs as one statement that answers each placed order's id by its `i`. */
  statement: (steps: SqlPart[]) => sql<PlacedId>`with ${sql.join(steps)} select i, order_id from pv`,

  /** `statement` compiled, to run as a prepared statement (once per connection: planning it took as long as running it). */
  compile: (db: Executor, statement: SqlPart<PlacedId>) => prepared('place-orders', statement.compile(db)),

  /** Runs a compiled placing statement: order id by `i`. */
  async run(db: Executor, query: CompiledPlacement) {
    const { rows } = await db.executeQuery(query);
    return new Map(rows.map((row) => [row.i, row.order_id]));
  },
};
