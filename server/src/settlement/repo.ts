import { sql } from 'kysely';

/** One order's settlement as a batch records it: the GP credited and its settlement record (the `draw_result` column, whatever the family). */
export interface SettlementItem {
  id: number;
  prize: number;
  drawResult: unknown;
}

/**
 * A batch of settlements as the rows `v(id, prize, draw_result)` of an UPDATE's FROM, and the
 * condition that matches each to its order. The batch travels as one JSON parameter (a page is
 * 2,000 orders: one value to send and parse, not 6,000 bind parameters), and `orders.id = any(ids)`
 * has PostgreSQL probe the primary key for exactly these rows: joined to the batch alone, it
 * scanned the whole orders table once per page, which made settling a million orders quadratic.
 * Each family's settlement repo builds its conditional update on it.
 */
export function settledBatch(items: ReadonlyArray<SettlementItem>) {
  const batch = JSON.stringify(items.map((item) => ({ id: item.id, prize: item.prize, draw_result: item.drawResult })));
  return {
    rows: sql`jsonb_to_recordset(${batch}::jsonb) as v(id bigint, prize bigint, draw_result jsonb)`,
    matches: sql<boolean>`orders.id = v.id and orders.id = any(${items.map((item) => item.id)}::bigint[])`,
  };
}
