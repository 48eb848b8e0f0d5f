import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADJUSTMENTS_QUEUE, adjustmentJobId } from '../../src/admin/service.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createPlatform } from '../../src/platform/platform.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { apiClient } from '../http/api-client.ts';
import { expectLedgerMatchesBalance, newMember } from '../support/members.ts';
import { testPlatform } from '../support/platform.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { eventually } from '../support/wait.ts';

/**
 * An adjustment's job lives in Redis between its commit (the outbox delivers it) and the worker.
 * Redis restarted without its data in that window loses the job: the adjustment must still be
 * applied, once (issue 28's chaos run found no sweep for it).
 */
describe('an adjustment whose queued job Redis lost', () => {
  let redis: RedisServer;
  let api: RunningServer;
  let worker: RunningServer | undefined;
  let platform: Awaited<ReturnType<typeof testPlatform>>;
  const prefix = `adjloss${crypto.randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    redis = await startRedis();
    // An api node only: nothing takes the job off Redis yet.
    platform = await testPlatform('scaled', { REDIS_URL: redis.url, REDIS_PREFIX: prefix });
    api = await startServer(platform, 'api', 0, '127.0.0.1');
  });
  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await redis?.stop();
  });

  it('is applied once the worker runs again, exactly once', async () => {
    const operator = await newMember(api.services, 'Desk');
    await api.services.staff.setRole(null, Number(operator.id), 'operator');
    const token = (await apiClient(api.url!).post('/api/auth/login', { json: { email: operator.email, password: operator.password } })).body.token as string;
    const member = await newMember(api.services, 'Owed');
    const res = await apiClient(api.url!).post('/api/admin/adjustments', { token, headers: { 'Idempotency-Key': crypto.randomUUID() }, json: { userId: member.id, amount: 4_321, reason: 'goodwill' } });
    expect(res.body.status).toBe('queued');
    const id = res.body.adjustmentId as string;
    const queue = platform.queues.queue(ADJUSTMENTS_QUEUE);
    await eventually('the job in Redis', async () => (await queue.getJob(adjustmentJobId(Number(id)))) ?? undefined);

    // Redis dies and comes back empty: the job is gone, the adjustment still `queued`.
    await redis.kill();
    redis = await startRedis({ port: redis.port });
    await eventually('Redis reachable again', async () => ((await queue.getJob(adjustmentJobId(Number(id))).then(() => true, () => false)) ? true : undefined), 15_000);
    expect(await queue.getJob(adjustmentJobId(Number(id)))).toBeUndefined();

    // A worker starts (its own process would; here a second platform on the same database and Redis).
    const workerPlatform = await createPlatform(platform.config, createLogger('silent'));
    worker = await startServer(workerPlatform, 'worker', 0, '127.0.0.1');
    await eventually('the adjustment applied', async () => {
      const row = await platform.db.selectFrom('adjustments').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow();
      return row.status === 'applied' ? true : undefined;
    }, 60_000);
    const posts = await platform.db.selectFrom('ledger').select('amount').where('ref_type', '=', 'adjustment').where('ref_id', '=', id).execute();
    expect(posts).toEqual([{ amount: 4_321 }]);
    await expectLedgerMatchesBalance(platform, Number(member.id));
  }, 120_000);
});
