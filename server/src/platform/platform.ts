import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { keepSignalsForGracefulShutdown, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';
import { createHealth, type Health } from './health.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createQueueFactory, type QueueFactory } from './queues.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, ratePolicies, type RateLimiter } from './rate-limiter.ts';
import { loadSecret } from './secrets.ts';

/**
 * The swappable infrastructure every feature receives. Embedded mode: embedded Postgres, BullMQ on
 * Postgres, in-process bus, memory rate limits. Scaled mode (REDIS_URL set): BullMQ, bus and rate
 * limits on Redis. Features use these interfaces and never ask which mode they are in.
 */
export interface Platform {
  config: Config;
  logger: Logger;
  db: Db;
  pool: pg.Pool;
  connectionString: string;
  /** This database's identity (migration 0008): carried by every name in shared infrastructure. */
  identity: string;
  /** The prefix of everything this deployment keeps in Redis: `REDIS_PREFIX:<identity>`. */
  namespace: string;
  queues: QueueFactory;
  bus: EventBus;
  /** Follow-up work written in a transaction, delivered after it commits (jobs, pushes). */
  outbox: Outbox;
  /** What `/api/health` reports: schedules that stopped ticking, the outbox backlog. */
  health: Health;
  rateLimiter: RateLimiter;
  secret: Uint8Array;
  /** The time for every decision and delay (sales cut-offs, draw times, job delays); a test may replace it before the services start. */
  now: () => Date;
  /** Stops the infrastructure: queues/workers, bus, rate limiter, pool, then the database. */
  close(): Promise<void>;
}

export async function createPlatform(config: Config, logger: Logger): Promise<Platform> {
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(config.DATA_DIR, 'postgres'),
      port: config.EMBEDDED_PG_PORT,
      log: (line) => logger.debug({ postgres: line }),
    });
    connectionString = embedded.connectionString;
    logger.info('embedded PostgreSQL started');
  }
  keepSignalsForGracefulShutdown();
  const { db, pool } = createDb(connectionString);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, 'migrations applied');
    const identity = await databaseIdentity(db);
    // Two deployments on one Redis, or this database reset while Redis keeps its history, must
    // never see each other's queues, jobs, events or counters: every key carries the identity.
    const namespace = `${config.REDIS_PREFIX}:${identity.replaceAll('-', '').slice(0, 12)}`;
    const redisUrl = config.REDIS_URL;
    const health = createHealth(db, () => new Date());
    const queues = await createQueueFactory(
      redisUrl ? { kind: 'redis', url: redisUrl, prefix: namespace } : { kind: 'postgres', connectionString },
      logger,
      { hooks: health.scheduleHooks, reassertEveryMs: config.SCHEDULE_REASSERT_MS },
    );
    const bus = redisUrl ? await createRedisBus(redisUrl, namespace, logger) : createMemoryBus();
    const policies = ratePolicies(config);
    const rateLimiter = redisUrl ? createRedisRateLimiter(redisUrl, namespace, policies, logger) : createMemoryRateLimiter(policies, namespace);
    await rateLimiter.ready?.();
    // The outbox reads the platform's clock when it runs, so a clock a test sets on `platform.now`
    // also gives the delays of the jobs it queues (an order's timeout at its sales cut-off).
    const outbox = createOutbox({ db, queues, bus, logger, now: () => platform.now() });
    const platform: Platform = {
      config,
      logger,
      db,
      pool,
      connectionString,
      identity,
      namespace,
      queues,
      bus,
      outbox,
      health,
      rateLimiter,
      secret: loadSecret(config.JWT_SECRET, config.DATA_DIR),
      now: () => new Date(),
      async close() {
        await outbox.close();
        await queues.close(config.SHUTDOWN_TIMEOUT_MS);
        await bus.close();
        await rateLimiter.close();
        await db.destroy();
        await embedded?.stop();
      },
    };
    outbox.start(config.OUTBOX_POLL_MS);
    health.watchOutbox(outbox);
    return platform;
  } catch (error) {
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

async function databaseIdentity(db: Db): Promise<string> {
  const row = await db.selectFrom('platform_identity').select('id').executeTakeFirstOrThrow();
  return row.id;
}
