/**
 * pgbench against the platform's own database: how many bare money transactions of a placement
 * PostgreSQL itself commits per second on this machine, to set the orders/s beside.
 *
 * The transaction is what `POST /api/orders` must at least do (server/src/orders/placement.ts,
 * server/src/wallet/repo.ts): the conditional wallet debit, the order row, the ledger row, one
 * commit. It runs on copies the bench makes of the real tables (`like … including all`: the same
 * columns, defaults, CHECKs, identity and indexes, the partial ones included, plus the same
 * foreign keys), so the books of the platform are never touched:
 *
 *   bench_wallets  a wallet per user in the members' id range, 10^12 hundredths, opened by a
 *                  `deposit` row in bench_ledger (so balance = Σ ledger holds there too)
 *   bench_orders   rows copied in shape from a real order of the run (same plays, stake, draw)
 *   bench_ledger   the `order` posting, with the balance the debit returned
 *
 * Afterwards the copies are audited (balance = Σ ledger, one posting per order) and dropped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export interface PgbenchOptions {
  clients: number;
  threads: number;
  seconds: number;
  /** pgbench's -M: `extended` is what node-postgres speaks (unnamed statements with parameters). */
  protocol: 'simple' | 'extended' | 'prepared';
}

export interface PgbenchFigures {
  tps: number;
  transactions: number;
  failed: number;
  latencyAvgMs: number;
  clients: number;
  seconds: number;
  protocol: string;
  /** bench_wallets balance = Σ bench_ledger, and one posting per bench order. */
  booksOk: boolean;
  output: string;
}

const OPENING = 1_000_000_000_000; // hundredths: no debit of a run can exhaust it

let running: ChildProcess | undefined;
/** Ctrl-C: pgbench is in our process group and gets the terminal's SIGINT too; SIGTERM is ours to pass on. */
export function stopPgbench() {
  running?.kill('SIGINT');
}

async function prepareTables(db: pg.Pool) {
  await db.query('drop table if exists bench_ledger, bench_orders, bench_wallets');
  await db.query(`
    create table bench_wallets (like wallets including all);
    alter table bench_wallets add foreign key (user_id) references users (id) on delete cascade;
    create table bench_orders (like orders including all);
    alter table bench_orders add foreign key (user_id) references users (id),
                             add foreign key (draw_id) references draws (id);
    create table bench_ledger (like ledger including all);
    alter table bench_ledger add foreign key (user_id) references users (id) on delete cascade;`);
}

/** Writes the script and fills the wallets; returns the script's path. */
async function prepare(db: pg.Pool, dir: string, userIds: number[]): Promise<string> {
  await prepareTables(db);
  // pgbench draws a uid in [low, high]: the longest run of consecutive user ids around the members
  // (they are consecutive but for whoever signed up in between, e.g. the seeded demo member, and
  // any id a failed sign-up used up) gets a wallet each.
  const { rows: users } = await db.query<{ id: string }>('select id from users where id between $1 and $2 order by id', [Math.min(...userIds), Math.max(...userIds)]);
  const ids = users.map((u) => Number(u.id));
  let [low, high] = [ids[0]!, ids[0]!];
  for (let start = 0, i = 1; i <= ids.length; i++) {
    if (i < ids.length && ids[i] === ids[i - 1]! + 1) continue;
    if (ids[i - 1]! - ids[start]! > high - low) [low, high] = [ids[start]!, ids[i - 1]!];
    start = i;
  }
  await db.query(`insert into bench_wallets (user_id, balance) select id, $3 from users where id between $1 and $2`, [low, high, OPENING]);
  await db.query(
    `insert into bench_ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id)
     select user_id, 'real', 'deposit', balance, balance, 'bench', user_id::text from bench_wallets`,
  );
  // A real order of the run gives the row its shape: product, issue, draw, plays, stake, cut-off.
  const { rows } = await db.query<{ product_code: string; issue: string; draw_id: number; multiplier: number; plays: unknown; units: number; points_spent: number; stake: unknown; sales_close_at: Date }>(
    `select product_code, issue, draw_id, multiplier, plays, units, points_spent, stake, sales_close_at
       from orders where user_id between $1 and $2 and draw_id is not null order by id desc limit 1`,
    [low, high],
  );
  const order = rows[0];
  if (!order) throw new Error('no order of the run to copy the shape of');
  const literal = (value: unknown) => `'${String(typeof value === 'string' ? value : JSON.stringify(value)).replaceAll("'", "''")}'`;
  const points = Number(order.points_spent); // bigint: a string from pg
  const script = [
    `\\set uid random(${low}, ${high})`,
    'BEGIN;',
    `UPDATE bench_wallets SET balance = balance - ${points}, updated_at = now() WHERE user_id = :uid AND balance >= ${points} RETURNING balance AS after \\gset`,
    `INSERT INTO bench_orders (user_id, product_code, issue, draw_id, status, trial, multiplier, plays, units, points_spent, stake, sales_close_at) ` +
      `VALUES (:uid, ${literal(order.product_code)}, ${literal(order.issue)}, ${order.draw_id}, 0, false, ${order.multiplier}, ${literal(order.plays)}, ${order.units}, ${points}, ${literal(order.stake)}, ${literal(order.sales_close_at.toISOString())}) RETURNING id AS order_id \\gset`,
    `INSERT INTO bench_ledger (user_id, account, kind, amount, balance_after, ref_type, ref_id) VALUES (:uid, 'real', 'order', ${-points}, :after, 'order', CAST(:order_id AS text));`,
    'END;',
    '',
  ].join('\n');
  const file = path.join(dir, 'money-transaction.sql');
  fs.writeFileSync(file, script);
  return file;
}

async function auditTables(db: pg.Pool): Promise<boolean> {
  const { rows } = await db.query<{ bad_wallets: string; orders: string; postings: string; distinct_refs: string }>(`
    select (select count(*) from bench_wallets w
             where w.balance <> (select coalesce(sum(amount), 0) from bench_ledger l where l.user_id = w.user_id)) as bad_wallets,
           (select count(*) from bench_orders) as orders,
           (select count(*) from bench_ledger where kind = 'order') as postings,
           (select count(distinct ref_id) from bench_ledger where kind = 'order') as distinct_refs`);
  const r = rows[0]!;
  return Number(r.bad_wallets) === 0 && r.orders === r.postings && r.postings === r.distinct_refs;
}

function parse(output: string) {
  const number = (re: RegExp) => {
    const match = re.exec(output);
    return match ? Number(match[1]) : Number.NaN;
  };
  return {
    tps: number(/^tps = ([\d.]+)/m),
    transactions: number(/number of transactions actually processed: (\d+)/),
    failed: number(/number of failed transactions: (\d+)/) || 0,
    latencyAvgMs: number(/latency average = ([\d.]+) ms/),
  };
}

export async function runPgbench(db: pg.Pool, databaseUrl: string, dir: string, userIds: number[], options: PgbenchOptions, signal: AbortSignal): Promise<PgbenchFigures> {
  const script = await prepare(db, dir, userIds);
  const url = new URL(databaseUrl);
  const args = [
    '--no-vacuum', // there are no pgbench_* tables to vacuum
    '--client', String(options.clients),
    '--jobs', String(options.threads),
    '--time', String(options.seconds),
    '--protocol', options.protocol,
    '--file', script,
    '--host', url.hostname,
    '--port', url.port,
    '--username', decodeURIComponent(url.username),
    url.pathname.slice(1),
  ];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('pgbench', args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, stdio: ['ignore', 'pipe', 'pipe'] });
      running = child;
      let text = '';
      child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const onAbort = () => child.kill('SIGINT');
      signal.addEventListener('abort', onAbort, { once: true });
      child.once('error', reject);
      child.once('exit', (code, sig) => {
        signal.removeEventListener('abort', onAbort);
        running = undefined;
        fs.writeFileSync(path.join(dir, 'pgbench.log'), `pgbench ${args.join(' ')}\n\n${text}`);
        if (code === 0) resolve(text);
        else reject(new Error(`pgbench ended with ${sig ?? `exit code ${code}`}:\n${text.trim().split('\n').slice(-8).join('\n')}`));
      });
    });
    const figures = parse(output);
    if (!Number.isFinite(figures.tps)) throw new Error(`could not read pgbench's tps from:\n${output}`);
    return { ...figures, clients: options.clients, seconds: options.seconds, protocol: options.protocol, booksOk: await auditTables(db), output };
  } finally {
    await db.query('drop table if exists bench_ledger, bench_orders, bench_wallets').catch(() => undefined);
  }
}
