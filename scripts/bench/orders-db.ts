/**
 * What `npm run bench:orders` reads from the platform's own stores once the load stops: the
 * purchase backlog (orders still 0/1, the outbox, BullMQ's purchase and timeout queues) and the
 * books (every wallet's balance equals the sum of its ledger; every 201 is one order charged once).
 */
import { Queue, createPostgresBackend, withBackend } from 'bullmq';
import pg from 'pg';
import type { BenchMode } from './orders-platform.ts';

export const PURCHASE_QUEUE = 'order-purchase';
export const TIMEOUT_QUEUE = 'order-timeout';
const REDIS_PREFIX = 'gp'; // the server's default REDIS_PREFIX (the bench never sets it)

export function connect(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  return pool;
}

export interface Backlog {
  /** Orders of this run by status (0 pending, 1 purchasing, 2 purchased, 9 refunded). */
  byStatus: Record<string, number>;
  /** Orders still in 0 or 1. */
  open: number;
  outboxRows: number;
  /** BullMQ counts per queue, or the reason they could not be read. */
  queues: Record<string, Record<string, number>> | { error: string };
}

export async function readBacklog(db: pg.Pool, mode: BenchMode, target: { databaseUrl: string; redisUrl?: string }, emailLike: string): Promise<Backlog> {
  const { rows } = await db.query<{ status: number; n: string }>(
    `select o.status, count(*) as n from orders o join users u on u.id = o.user_id where u.email like $1 group by o.status order by o.status`,
    [emailLike],
  );
  const byStatus = Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
  const outbox = await db.query<{ n: string }>('select count(*) as n from outbox');
  return {
    byStatus,
    open: (byStatus['0'] ?? 0) + (byStatus['1'] ?? 0),
    outboxRows: Number(outbox.rows[0]!.n),
    queues: await queueCounts(db, mode, target).catch((error: Error) => ({ error: error.message })),
  };
}

/** Job counts of the purchase and timeout queues, on whichever backend the server uses. */
async function queueCounts(db: pg.Pool, mode: BenchMode, target: { databaseUrl: string; redisUrl?: string }) {
  const queues: Queue[] = [];
  try {
    if (mode === 'embedded') {
      const postgres = withBackend(createPostgresBackend);
      for (const name of [PURCHASE_QUEUE, TIMEOUT_QUEUE]) {
        queues.push(new postgres.Queue(name, { connection: { connectionString: target.databaseUrl, max: 1, migrate: false } }) as unknown as Queue);
      }
    } else {
      // Every Redis name carries the database's identity (server/src/platform/platform.ts).
      const { rows } = await db.query<{ id: string }>('select id from platform_identity');
      const prefix = `${REDIS_PREFIX}:${rows[0]!.id.replaceAll('-', '').slice(0, 12)}:bull`;
      for (const name of [PURCHASE_QUEUE, TIMEOUT_QUEUE]) {
        queues.push(new Queue(name, { prefix, connection: { url: target.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false } }));
      }
    }
    const counts: Record<string, Record<string, number>> = {};
    for (const queue of queues) {
      counts[queue.name] = await withTimeout(queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'), 5000);
    }
    return counts;
  } finally {
    await Promise.allSettled(queues.map((queue) => withTimeout(queue.close(), 3000)));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);
}

export interface Books {
  wallets: number;
  /** Wallets whose balance (real or trial) differs from the sum of their ledger. */
  mismatched: number;
  /** Orders of this run, and those without exactly one `order` ledger row of minus their points. */
  orders: number;
  wronglyCharged: number;
}

/** The money invariants, by SQL: ledger = balance for every wallet; every order of this run charged once. */
export async function checkBooks(db: pg.Pool, emailLike: string): Promise<Books> {
  const wallets = await db.query<{ wallets: string; mismatched: string }>(`
    select count(*) as wallets,
           count(*) filter (where w.balance <> coalesce(l.real_sum, 0) or w.trial_balance <> coalesce(l.trial_sum, 0)) as mismatched
      from wallets w
      left join (select user_id,
                        sum(amount) filter (where account = 'real') as real_sum,
                        sum(amount) filter (where account = 'trial') as trial_sum
                   from ledger group by user_id) l on l.user_id = w.user_id`);
  const orders = await db.query<{ orders: string; wrong: string }>(
    `select count(*) as orders,
            count(*) filter (where coalesce(l.posts, 0) <> 1 or coalesce(l.amount, 0) <> -o.points_spent) as wrong
       from orders o
       join users u on u.id = o.user_id
       left join (select ref_id, count(*) as posts, sum(amount) as amount
                    from ledger where kind = 'order' and ref_type = 'order' group by ref_id) l on l.ref_id = o.id::text
      where u.email like $1`,
    [emailLike],
  );
  return {
    wallets: Number(wallets.rows[0]!.wallets),
    mismatched: Number(wallets.rows[0]!.mismatched),
    orders: Number(orders.rows[0]!.orders),
    wronglyCharged: Number(orders.rows[0]!.wrong),
  };
}

/** What PostgreSQL ran during the load (pg_stat_statements, loaded by EMBEDDED_PG_STATEMENT_STATS=1). */
export interface StatementStats {
  /** Statements sent by a client (not those run inside a function or a CTE of another). */
  topLevel: number;
  execMs: number;
  /** The costliest top-level statements by total time, their text cut short. */
  top: Array<{ calls: number; ms: number; query: string }>;
}

/** Starts counting afresh; false when the extension is not loaded (a server from an older checkout). */
export async function resetStatementStats(db: pg.Pool): Promise<boolean> {
  try {
    await db.query('create extension if not exists pg_stat_statements');
    await db.query('select pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

export async function readStatementStats(db: pg.Pool): Promise<StatementStats> {
  const totals = await db.query<{ calls: string; ms: string }>(
    `select coalesce(sum(calls), 0) as calls, coalesce(sum(total_exec_time), 0) as ms from pg_stat_statements where toplevel and query not like '%pg_stat_statements%'`,
  );
  const top = await db.query<{ calls: string; ms: string; query: string }>(
    `select calls, total_exec_time as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
       from pg_stat_statements where toplevel and query not like '%pg_stat_statements%' order by total_exec_time desc limit 8`,
  );
  return {
    topLevel: Number(totals.rows[0]!.calls),
    execMs: Number(totals.rows[0]!.ms),
    top: top.rows.map((r) => ({ calls: Number(r.calls), ms: Number(r.ms), query: r.query })),
  };
}
