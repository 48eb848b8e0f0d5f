import path from 'node:path';
import { parseArgs } from 'node:util';
import { parsePoints } from '@gp/common';

const USAGE = 'usage: npm run pins -- --count N --points P   (P in GP, e.g. 100 or 12.50)';

/**
 * Prints N new PIN codes, one per line, each worth P GP. Works against DATABASE_URL, against the
 * embedded database of a running platform (same DATA_DIR), or starts the embedded one briefly.
 */
async function main() {
  const { values } = parseArgs({ options: { count: { type: 'string' }, points: { type: 'string' } } });
  const count = Number(values.count);
  const points = parsePoints(values.points ?? '');
  if (!Number.isInteger(count) || count < 1 || count > 10_000 || !points) {
    console.error(USAGE);
    process.exit(2);
  }
  // Only now the database side: a usage error answers at once, without loading it.
  const [{ loadConfig }, { createDb }, { runningPostmaster, startEmbeddedPostgres }, { migrateToLatest }, { loadSecret }, { issuePins }] = await Promise.all([
    import('../config.ts'),
    import('../db/database.ts'),
    import('../db/embedded-postgres.ts'),
    import('../db/migrate.ts'),
    import('../platform/secrets.ts'),
    import('./service.ts'),
  ]);
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  const live = config.DATABASE_URL ? undefined : runningPostmaster(dataDir);
  const embedded = config.DATABASE_URL || live ? undefined : await startEmbeddedPostgres({ dataDir });
  const connectionString =
    config.DATABASE_URL ?? embedded?.connectionString ?? `postgres://postgres:postgres@127.0.0.1:${live!.port}/gpoints`;
  const { db } = createDb(connectionString, 2);
  try {
    await migrateToLatest(db);
    const batch = await issuePins({ db, secret: loadSecret(config.JWT_SECRET, config.DATA_DIR) }, { count, points, createdBy: null });
    process.stdout.write(`${batch.codes.join('\n')}\n`);
    console.error(`batch ${batch.batchId}: ${count} PIN(s) worth ${(points / 100).toFixed(2)} GP each`);
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
