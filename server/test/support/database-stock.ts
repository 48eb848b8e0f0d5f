import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Fresh test databases made ahead of need. `create database … template` costs about half a second
 * on these machines (it copies every catalog file of the template), and nearly every test file pays
 * it once or more while its worker waits. The run's main process, idle otherwise, keeps a few copies
 * of the template ready in the background; a test claims one and renames it, in a few milliseconds,
 * and makes its own only when the stock is empty.
 */

const STOCK_TABLE = 'test_database_stock';

export interface DatabaseStock {
  stop(): Promise<void>;
}

/** Keeps `ahead` copies of `template` ready (run by the global setup, on the `postgres` database). */
export async function startDatabaseStock(adminUrl: string, template: string, ahead: number): Promise<DatabaseStock> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create table if not exists ${STOCK_TABLE} (name text primary key)`);
  let stopping = false;
  let wake: () => void = () => {};

  async function fill() {
    while (!stopping) {
      const { rows } = await client.query<{ ready: string }>(`select count(*) as ready from ${STOCK_TABLE}`);
      if (Number(rows[0]!.ready) >= ahead) {
        // Checked again soon: a claim is a delete this process does not see.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
        continue;
      }
      const name = `stock_${crypto.randomBytes(6).toString('hex')}`;
      await client.query(`create database "${name}" template ${template}`);
      await client.query(`insert into ${STOCK_TABLE} (name) values ($1)`, [name]);
    }
  }

  const filling = fill().catch((error: unknown) => {
    // A stock that fails only costs speed: every test then makes its own database.
    if (!stopping) console.warn(`test database stock stopped: ${(error as Error).message}`);
  });
  return {
    async stop() {
      stopping = true;
      wake();
      await filling;
      await client.end();
    },
  };
}

/**
 * Renames a database of the stock to `name`; false when none is ready. Two workers never get the
 * same one: the claim deletes its row under `for update skip locked`.
 */
export async function claimStockDatabase(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client
    .query<{ name: string }>(
      `delete from ${STOCK_TABLE} where name = (select name from ${STOCK_TABLE} order by name limit 1 for update skip locked) returning name`,
    )
    .catch(() => ({ rows: [] as Array<{ name: string }> })); // no stock table: the stock is not running
  const claimed = rows[0]?.name;
  if (!claimed) return false;
  await client.query(`alter database "${claimed}" rename to "${name}"`);
  return true;
}
