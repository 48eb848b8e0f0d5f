import crypto from 'node:crypto';
import { sql } from 'kysely';
import { prepared, type Executor, type SqlPart } from '../db/database.ts';

/**
 * Stand-ins for what only the placing statement knows (the new order's id, the balances after the
 * debit) in the JSON it stores (the key's answer, the outbox row): the statement puts the values
 * in with `replace`. Random per process, so no member's input can spell one.
 */
const stand = crypto.randomUUID().replaceAll('-', '');
export const STANDIN = {
  id: `@@order-id-${stand}@@`,
  balance: `@@balance-${stand}@@`,
  trialBalance: `@@trial-balance-${stand}@@`,
};

/**
 * The SQL of `placeAtOnce` (./placement.ts) beside the parts other modules build (the debit, the
 * key, the outbox row): the stand-ins filled in from the statement's CTEs, and the statement.
 */
export const placementQueries = {
  /** `text` with the new order's id (CTE `placed`) for STANDIN.id. */
  withPlacedId: (text: string) => sql<string>`replace(${text}, ${STANDIN.id}, (select id from placed)::text)`,

  /** `text` (JSON) with the id, and the balances after the debit (CTE `wallet_moved`) for the quoted balance stand-ins. */
  withPlacedValues: (text: string) =>
    sql<string>`replace(replace(${placementQueries.withPlacedId(text)},
        ${JSON.stringify(STANDIN.balance)}, (select balance from wallet_moved)::text),
        ${JSON.stringify(STANDIN.trialBalance)}, (select trial_balance from wallet_moved)::text)`,

  /** The CTE selecting the new order's id, when its debit happened: `placed.id`. */
  placedId: () => sql<string>`(select id from placed)::text`,

  /** The CTEs as one statement that answers the new order's id (no row when nothing happened). */
  statement: (steps: SqlPart[]) => sql<{ id: number }>`with ${sql.join(steps)} select id from placed`,

  /** Runs `statement`: the new order's id, or undefined when nothing happened. */
  async run(db: Executor, statement: SqlPart<{ id: number }>) {
    // Prepared once per connection: planning this statement took as long as running it.
    const { rows } = await db.executeQuery(prepared('place-order', statement.compile(db)));
    return rows[0] && String(rows[0].id);
  },
};
