import crypto from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

// int8 (bigint) columns hold ids and point amounts in hundredths, far below 2^53: read them as
// numbers, not strings, so money arithmetic never concatenates by accident.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A `date` (a date of birth) is a calendar day, not an instant: kept as its `YYYY-MM-DD` text, never
// turned into a Date at this process's local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Either the pool or a transaction: repos accept both so services choose the boundary. */
export type Executor = Kysely<Database> | Transaction<Database>;
/**
 * A piece of a statement built by a repo (a CTE, a condition) that another repo's statement
 * includes: how a change that must be one statement is put together across modules without SQL
 * leaving the repos (orders/placement.ts: the wallet's debit inside the order's INSERT).
 */
export type SqlPart<T = unknown> = RawBuilder<T>;

export function createDb(connectionString: string, max = 20): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client whose connection drops (database restart, shutdown) must not crash the process;
  // the pool replaces it and the next query reports any real problem.
  pool.on('error', () => undefined);
  // A client in use when its connection drops emits 'error' too, and pg-pool only listens on idle
  // ones: without this, a database restart mid-transaction would crash the process. The query in
  // flight is rejected anyway, so the caller still sees the failure.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    runsPreparedStatements(client);
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

/** What starts the text of a statement to run as a named prepared statement (`prepared`). */
const PREPARED = '/* prepared ';

/**
 * `query` as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every run (for the placement statement, planning took as long as executing).
 * For hot statements whose text never varies (values only in parameters): each distinct text
 * stays prepared on every pooled connection for the connection's life.
 */
export function prepared<R>(name: string, query: CompiledQuery<R>): CompiledQuery<R> {
  return { ...query, sql: `${PREPARED}${name}-${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 16)} */\n${query.sql}` };
}

/** Runs the statements `prepared` marked under their name (Kysely's driver passes text and values only). */
function runsPreparedStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query(text: unknown, ...rest: unknown[]) {
      if (typeof text !== 'string' || !text.startsWith(PREPARED) || !Array.isArray(rest[0])) return query(text, ...rest);
      return query({ name: text.slice(PREPARED.length, text.indexOf(' */')), text, values: rest[0] }, ...rest.slice(1));
    },
  });
}
