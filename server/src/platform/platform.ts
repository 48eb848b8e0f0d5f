import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createDb, type Db } from '../db/database.ts';
import { keepSignalsForGracefulShutdown, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './event-bus.ts';
import type { Logger } from './logger.ts';
import { createQueueFactory, type QueueFactory } from './queues.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter.ts';
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
  queues: QueueFactory;
  bus: EventBus;
  rateLimiter: RateLimiter;
  secret: Uint8Array;
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
    const redisUrl = config.REDIS_URL;
    const queues = createQueueFactory(
      redisUrl ? { kind: 'redis', url: redisUrl, prefix: config.REDIS_PREFIX } : { kind: 'postgres', connectionString },
      logger,
    );
    const bus = redisUrl ? await createRedisBus(redisUrl, config.REDIS_PREFIX, logger) : createMemoryBus();
    const rateLimiter = redisUrl ? createRedisRateLimiter(redisUrl, config.REDIS_PREFIX, logger) : createMemoryRateLimiter();
    return {
      config,
      logger,
      db,
      pool,
      connectionString,
      queues,
      bus,
      rateLimiter,
      secret: loadSecret(config.JWT_SECRET, config.DATA_DIR),
      now: () => new Date(),
      async close() {
        await queues.close(config.SHUTDOWN_TIMEOUT_MS);
        await bus.close();
        await rateLimiter.close();
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}

