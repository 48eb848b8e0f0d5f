import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, prepared } from '../../src/db/database.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { testPlatform } from '../support/platform.ts';

/**
 * `prepared` (db/database.ts): the hot statements (an order's placement) are parsed and planned once
 * per connection. Checked on a pool of one connection, in PostgreSQL's own list of its prepared statements.
 */
describe('prepared statements', () => {
  let platform: Platform;
  let one: ReturnType<typeof createDb>;
  beforeAll(async () => {
    platform = await testPlatform('embedded');
    one = createDb(platform.connectionString, 1);
  });
  afterAll(async () => {
    await one.db.destroy();
    await platform.close();
  });

  const preparedNames = async () =>
    (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(one.db)).rows.map((row) => row.name);

  it('a statement marked `prepared` runs under its name, with its values, and stays prepared on the connection', async () => {
    const add = (a: number, b: number) => prepared('add', sql<{ sum: number }>`select ${a}::int + ${b}::int as sum`.compile(one.db));
    expect((await one.db.executeQuery(add(2, 3))).rows).toEqual([{ sum: 5 }]);
    expect((await one.db.executeQuery(add(40, 2))).rows).toEqual([{ sum: 42 }]);
    const names = await preparedNames();
    expect(names.filter((name) => name.startsWith('add-'))).toHaveLength(1);
    // Another text is another statement, never a clash with the first name.
    const other = prepared('add', sql<{ sum: number }>`select ${1}::int + ${1}::int + 0 as sum`.compile(one.db));
    expect((await one.db.executeQuery(other)).rows).toEqual([{ sum: 2 }]);
    expect((await preparedNames()).filter((name) => name.startsWith('add-'))).toHaveLength(2);
  });

  it('an unmarked statement is not prepared', async () => {
    const before = await preparedNames();
    await sql`select ${7}::int as seven`.execute(one.db);
    expect(await preparedNames()).toEqual(before);
  });
});
