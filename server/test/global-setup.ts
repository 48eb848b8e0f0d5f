import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SCHEMA, runMigrations } from 'bullmq';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database.ts';
import { runningPostmaster, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { claimStockDatabase, startDatabaseStock } from './support/database-stock.ts';
import { redisAvailable, startRedis } from './support/redis-server.ts';

export const TEMPLATE_DB = 'gp_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    redisUrl: string;
  }
}

/**
 * One real PostgreSQL (embedded-postgres, throwaway, fsync off) and one redis-server for the whole
 * run. A migrated template database lets every test file get its own fresh database: a copy made
 * ahead by the database stock (support/database-stock.ts), or one made on the spot when none is ready.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../../.tmp');
  fs.mkdirSync(root, { recursive: true });
  removeAbandonedClusters(root);
  const dataDir = path.join(root, `pg-test-${process.pid}`);
  const database = await startEmbeddedPostgres({ dataDir, fast: true, ephemeral: true, database: TEMPLATE_DB });
  let redis: Awaited<ReturnType<typeof startRedis>>;
  try {
    const { db } = createDb(database.connectionString, 2);
    await migrateToLatest(db).finally(() => db.destroy());
    // BullMQ's own schema too (the embedded mode's queues): in every copy already, instead of its
    // DDL once per platform — that was half of PostgreSQL's work in booting one.
    const client = new pg.Client({ connectionString: database.connectionString });
    await client.connect();
    await runMigrations(client, DEFAULT_SCHEMA).finally(() => client.end());
    if (!redisAvailable()) {
      throw new Error('redis-server is required for the scaled-mode tests: apt-get install -y redis-server (npm test installs it on Debian as root)');
    }
    redis = await startRedis();
  } catch (error) {
    await database.stop();
    throw error;
  }
  const admin = new URL(database.connectionString);
  admin.pathname = '/postgres';
  // Four copies of the template ready ahead: about what three workers booting at once use up.
  const stock = await startDatabaseStock(admin.toString(), TEMPLATE_DB, 4);
  project.provide('pgAdminUrl', admin.toString());
  project.provide('redisUrl', redis.url);

  return async () => {
    await stock.stop();
    await redis.stop();
    await database.stop();
  };
}

/**
 * A test run killed from outside (a timeout, Ctrl-C twice) leaves its throwaway cluster behind.
 * Those whose postmaster is gone or orphaned are stopped and deleted; a live run's are left alone.
 */
function removeAbandonedClusters(root: string) {
  for (const name of fs.readdirSync(root).filter((n) => n.startsWith('pg-test-'))) {
    const dir = path.join(root, name);
    // A run still alive owns its cluster, even before its postmaster is up (initdb running).
    const owner = Number(name.slice('pg-test-'.length));
    if (Number.isInteger(owner) && owner !== process.pid && processAlive(owner)) continue;
    const postmaster = runningPostmaster(dir);
    if (postmaster && !postmaster.orphaned) continue;
    if (postmaster) process.kill(postmaster.pid, 'SIGKILL'); // throwaway data: no need to wait for a clean stop
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function createDatabaseFromTemplate(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    if (!(await claimStockDatabase(client, name))) await client.query(`create database "${name}" template ${TEMPLATE_DB}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
