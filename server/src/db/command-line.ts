import path from 'node:path';
import type { Config } from '../config.ts';
import { loadSecret } from '../platform/secrets.ts';
import { createDb, type Db } from './database.ts';
import { runningPostmaster, startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The database and server secret for a command-line tool (`npm run pins`, `npm run staff`): DATABASE_URL,
 * or the embedded database of a running platform (same DATA_DIR), or the embedded one started briefly.
 * Migrated to the latest schema. `close` stops what was started.
 */
export async function openForCommandLine(config: Config): Promise<{ db: Db; secret: Uint8Array; close: () => Promise<void> }> {
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  const live = config.DATABASE_URL ? undefined : runningPostmaster(dataDir);
  const embedded = config.DATABASE_URL || live ? undefined : await startEmbeddedPostgres({ dataDir });
  const connectionString = config.DATABASE_URL ?? embedded?.connectionString ?? `postgres://postgres:postgres@127.0.0.1:${live!.port}/gpoints`;
  const { db } = createDb(connectionString, 2);
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, secret: loadSecret(config.JWT_SECRET, config.DATA_DIR), close };
}

/**
 * How a command-line tool ends on an error: an AppError's code said plainly (`pin_daily_limit: …`),
 * exit 1. Always through process.exit: embedded-postgres's exit hook would otherwise end with 0.
 */
export function failCommandLine(error: unknown): never {
  const code = (error as { code?: unknown }).code;
  console.error(typeof code === 'string' && /^[a-z_]+$/.test(code) ? `${code}: ${(error as Error).message}` : error instanceof Error ? error.message : error);
  process.exit(1);
}
