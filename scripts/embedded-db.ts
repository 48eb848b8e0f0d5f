/**
 * The project's embedded PostgreSQL as a process of its own, for `scripts/scaled-local.mjs` (the
 * scaled topology needs one database shared by several server processes). Data lives in
 * `$DATA_DIR/postgres` (DATA_DIR defaults to `.data-scaled`).
 *
 * Prints one JSON line `{"databaseUrl":"postgres://…","pid":…}` once PostgreSQL accepts
 * connections; stops it on SIGTERM/SIGINT, or when its parent goes away (stdin closes).
 */
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.ts';

const dataDir = path.resolve(process.env.DATA_DIR || '.data-scaled', 'postgres');
const database = await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT) || undefined });
process.stdout.write(`${JSON.stringify({ databaseUrl: database.connectionString, pid: process.pid })}\n`);

let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= database.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('could not stop the embedded PostgreSQL:', error);
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
// The orchestrator holds our stdin open; if it dies without stopping us, don't outlive it.
process.stdin.on('end', stop).on('error', stop).resume();
