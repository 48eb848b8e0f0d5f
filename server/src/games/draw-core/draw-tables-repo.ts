import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Database, ResultSourceKind } from '../../db/types.ts';

/**
 * The queries keno's `draws` and the draw lotteries' `lottery_draws` share: the two tables have the
 * same life (scheduled → drawn, once) and the same columns for it, so the rule that makes a result
 * publish exactly once is written here once (keno/repo.ts and draw/repo.ts call it).
 */
export type DrawTable = 'draws' | 'lottery_draws';

/** A draw as the scheduler creates it: its issue, its sales window and time, and the committed seed (its hash published before the draw). */
export interface NewDrawRow {
  product_code: string;
  issue: string;
  sales_open_at: Date;
  sales_close_at: Date;
  draw_at: Date;
  seed: string;
  seed_hash: string;
}

/**
 * Drawn draws of `table` that still have purchased or trial orders without a settlement (and that
 * `also` holds for, of the row `orders`), by id, at most `limit`: what a settlement sweep repairs.
 * A draw whose result is held (a feed contradicts it, `result_held_at`) is left alone.
 */
export async function drawnWithUnsettledOrders(db: Executor, table: DrawTable, limit: number, also: RawBuilder<boolean> = sql<boolean>`true`): Promise<number[]> {
  const drawOf = sql.ref(`orders.${table === 'draws' ? 'draw_id' : 'lottery_draw_id'}`);
  const { rows } = await sql<{ id: number }>`
    select distinct ${drawOf} as id from orders join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = ${drawOf}
     where orders.status in (2, 8) and orders.settled_at is null and ${sql.ref(`${table}.status`)} = 'drawn' and ${sql.ref(`${table}.result_held_at`)} is null and ${also}
     order by 1 limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/** Draws still waiting for their result with `from ≤ draw_at < until`, soonest first (of `productCodes` when given). */
export function scheduledDrawsBetween(db: Executor, table: DrawTable, from: Date, until: Date, productCodes?: readonly string[]) {
  let query = db.selectFrom(table).select(['id', 'draw_at']);
  if (productCodes) query = query.where('product_code', 'in', productCodes);
  return query.where('status', '=', 'scheduled').where('draw_at', '>=', from).where('draw_at', '<', until).orderBy('draw_at').execute();
}

/**
 * Publishes a result: conditional on `status = 'scheduled'`, so of a job, its retry and an
 * operator's entry exactly one wins; the others get no row back and publish nothing.
 */
export function markDrawDrawn<T extends DrawTable>(db: Executor, table: T, id: number, result: unknown, source: ResultSourceKind, drawnAt: Date): Promise<Selectable<Database[T]> | undefined>;
export function markDrawDrawn(db: Executor, table: DrawTable, id: number, result: unknown, source: ResultSourceKind, drawnAt: Date) {
  return db
    .updateTable(table)
    .set({ status: 'drawn', result: JSON.stringify(result), result_source: source, drawn_at: drawnAt })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Stops (or, with `null`, lets go on) the settlement of a drawn draw: a result feed's reading
 * contradicts the published result (server/src/feeds). The settlement and its sweep skip a held
 * draw; a run already under way finishes its page. True when the draw exists.
 */
export async function setResultHeld(db: Executor, table: DrawTable, id: number, at: Date | null): Promise<boolean> {
  const row = await db.updateTable(table).set({ result_held_at: at }).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}
