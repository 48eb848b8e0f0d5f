/**
 * `npm run bench`: throughput of the money path on this machine, printed as figures.
 * Runs against a throwaway embedded PostgreSQL with durable commits (the production settings).
 *   - wallet postings/s: sequential, and 16 concurrent on 1,000 wallets and on one hot wallet
 *   - PIN redemptions/s end to end through the service (claim + credit + ledger + idempotency key)
 *   - argon2id hash time (what a sign-up or login costs the server)
 *   - keno settlement: tickets/s of the pure function, and orders/s end to end through the database
 *   - draw-lottery settlement: tickets/s of the pure function for single lines, multiples, caps and add-ons
 *   - with `--million` (`npm run bench -- --million`, about 4 more minutes on 2 idle cores): one draw of
 *     1,000,000 orders settled, credited and announced end to end (scripts/bench/settlement.ts);
 *     `--draw N` does the same with N orders
 */
import crypto from 'node:crypto';
import path from 'node:path';
import argon2 from 'argon2';
import { loadConfig } from '../../server/src/config.ts';
import { createDb } from '../../server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { auditWallets } from '../../server/src/maintenance/jobs.ts';
import { createMemoryBus } from '../../server/src/platform/event-bus.ts';
import { createLogger } from '../../server/src/platform/logger.ts';
import { createOutbox } from '../../server/src/platform/outbox.ts';
import { createQueueFactory } from '../../server/src/platform/queues.ts';
import { createPinService } from '../../server/src/pins/service.ts';
import { walletService } from '../../server/src/wallet/service.ts';
import { benchDrawSettlement } from './draw-settlement.ts';
import { syncWritesPerSecond } from './machine.ts';
import { benchMillionDraw, benchSettlement } from './settlement.ts';

const root = path.resolve(import.meta.dirname, '../..');
const million = process.argv.includes('--million');
// `--draw N`: the same end-to-end run on one draw of N orders (a shorter look than a million).
const drawAt = process.argv.indexOf('--draw');
const drawOrders = drawAt > 0 ? Number(process.argv[drawAt + 1]) : million ? 1_000_000 : 0;
if (!Number.isSafeInteger(drawOrders) || drawOrders < 0) throw new Error('--draw needs a whole number of orders');
const database = await startEmbeddedPostgres({ dataDir: path.join(root, '.tmp/bench-pg'), ephemeral: true });
const { db } = createDb(database.connectionString, 20);

async function timed(label: string, operations: number, work: () => Promise<void>) {
  const start = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${label.padEnd(58)} ${String(Math.round(operations / seconds)).padStart(7)} /s   (${operations} in ${seconds.toFixed(2)} s)`);
}

async function pool(concurrency: number, total: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await task(next++);
  }));
}

try {
  await migrateToLatest(db);
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: 1000 }, (_, i) => ({ name: `b${i}`, email: `b${i}@bench`, password_hash: 'x', role: 'member' as const, locale: 'en', promo_opt_in: false })))
    .returning('id')
    .execute();
  await db.insertInto('wallets').values(users.map((u) => ({ user_id: u.id, balance: 0 }))).execute();
  const ids = users.map((u) => u.id);
  const post = (userId: number, amount: number) =>
    db.transaction().execute((trx) =>
      walletService.credit(trx, { userId, account: 'real', kind: 'adjustment', amount, refType: 'bench', refId: crypto.randomUUID() }),
    );

  console.log(`\nMoney path benchmark — ${new Date().toISOString()}, node ${process.version}, disk ${syncWritesPerSecond(path.join(root, '.tmp'))} synchronous 8 KB writes/s\n`);
  await timed('wallet postings, sequential', 2000, async () => {
    for (let i = 0; i < 2000; i++) await post(ids[i % ids.length]!, 100);
  });
  await timed('wallet postings, 16 concurrent, 1,000 wallets', 5000, () => pool(16, 5000, (i) => post(ids[i % ids.length]!, 100).then(() => undefined)));
  await timed('wallet postings, 16 concurrent, one hot wallet', 3000, () => pool(16, 3000, () => post(ids[0]!, 100).then(() => undefined)));

  const config = loadConfig({ DATA_DIR: path.join(root, '.tmp/bench-data'), JWT_SECRET: crypto.randomBytes(32).toString('hex'), PIN_MAX_FAILURES: '1000000' });
  const logger = createLogger('silent');
  const queues = await createQueueFactory({ kind: 'postgres', connectionString: database.connectionString }, logger);
  const outbox = createOutbox({ db, queues, bus: createMemoryBus(), logger, now: () => new Date() });
  const pins = createPinService({ db, secret: new TextEncoder().encode(config.JWT_SECRET), now: () => new Date(), outbox, logger, config });
  const { codes } = await pins.createBatch({ count: 3000, points: 100 });
  await timed('PIN redemptions, 16 concurrent, with Idempotency-Key', codes.length, () =>
    pool(16, codes.length, (i) => pins.redeem(ids[i % ids.length]!, codes[i]!, crypto.randomUUID()).then(() => undefined)),
  );

  const hashes = 10;
  const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  const start = process.hrtime.bigint();
  for (let i = 0; i < hashes; i++) await argon2.hash(`password-${i}`, options);
  console.log(`${'argon2id hash (19 MiB, t=2), per sign-up/login'.padEnd(58)} ${(Number(process.hrtime.bigint() - start) / 1e6 / hashes).toFixed(1).padStart(7)} ms`);

  await benchSettlement(db, database.connectionString, ids, timed);
  benchDrawSettlement();
  const millionOk = drawOrders > 0 ? await benchMillionDraw(db, database.connectionString, ids, timed, drawOrders) : true;

  const mismatched = await auditWallets({ db, logger: createLogger('silent') });
  console.log(`\nledger check: ${mismatched.length === 0 ? 'every balance equals the sum of its ledger' : `${mismatched.length} wallets out of balance!`}\n`);
  if (mismatched.length > 0 || !millionOk) process.exitCode = 1;
} finally {
  await db.destroy();
  await database.stop();
}
