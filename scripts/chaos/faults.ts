/**
 * The faults, and one phase of the run: load starts, PINs are issued and redeemed across the
 * phase, the fault is injected (some redemptions fire right into it), the failed part is brought
 * back, recovery is timed (health 200, first order placed, first purchase), load goes on, stops,
 * and the books are audited.
 *
 *   embedded  kill          kill -9 of the all-in-one process, restart (same DATA_DIR: it stops
 *                           the orphaned postmaster itself)
 *   scaled    api-kill      kill -9 of api1, restart
 *             worker-kill   kill -9 of the worker, restart
 *             redis-empty   kill -9 of Redis, its files deleted, restart on the same port (empty)
 *             redis-aof     kill -9 of Redis, restart on its AOF (appendfsync always)
 *             pg-restart    PostgreSQL stopped (fast shutdown) and started again, same data and port
 *             redis-money   as redis-empty, with money in flight (issue 28): a deposit per member
 *                           opened before, then at the fault its ECPay callbacks (several at once
 *                           per deposit, each its own TradeNo, and a replay), an adjustment per
 *                           member and the PIN redemptions; Redis is killed while they run, more
 *                           adjustments and callbacks go out while it is down, Redis comes back
 *                           empty; check 8 audits every deposit and adjustment credited once
 *   both      gateway       the process(es) that buy restarted with PURCHASE_FAILURE_RATE,
 *                           PURCHASE_TIMEOUT_RATE, PURCHASE_LATE_RATE / PURCHASE_LATE_MS, and
 *                           restarted without them once the phase's load stops
 *             none          no fault (a baseline phase)
 */
import crypto from 'node:crypto';
import { firstPurchaseAfter } from './audit.ts';
import type { LoadDriver } from './load.ts';
import type { MoneyTraffic } from './money.ts';
import { sleep } from './procs.ts';
import { healthStatus, watchHealth, type Mode, type ServerNode, type Topology } from './topology.ts';

export interface FaultContext {
  topo: Topology;
  driver: LoadDriver;
  log: (line: string) => void;
  /** Fires the PIN redemptions kept for the moment of the fault. */
  redeemNow: () => void;
  /** Deposits and adjustments (the redis-money phase). */
  money: MoneyTraffic;
}

export interface FaultOutcome {
  injectedAt: number;
  /** When the failed part was started again (undefined: nothing to restart). */
  restartedAt?: number;
  /** Api nodes (indexes into topo.apis) that went away and came back: their members' sockets must resync. */
  returnedApis: number[];
  /** When the returned api node first answered /api/health again (ms). */
  servingAt?: number;
  notes: string[];
}

export interface Fault {
  name: string;
  modes: Mode[];
  inject(ctx: FaultContext): Promise<FaultOutcome>;
  /** After the phase's load stopped, before the audit (e.g. undo a configuration). */
  after?(ctx: FaultContext): Promise<void>;
}

export const GATEWAY_ENV = {
  PURCHASE_FAILURE_RATE: '0.2',
  PURCHASE_TIMEOUT_RATE: '0.1',
  PURCHASE_LATE_RATE: '0.15',
  PURCHASE_LATE_MS: '6000',
};

/** How long a killed part stays down before it is started again: long enough for clients to pile up retries. */
const DOWN_MS = { process: 2000, worker: 3000, redis: 4000, postgres: 4000 };

async function restartNode(node: ServerNode, ctx: FaultContext, how: 'kill' | 'stop'): Promise<{ injectedAt: number; restartedAt: number; servingAt?: number; note: string }> {
  const injectedAt = Date.now();
  const ended = how === 'kill' ? await node.kill9() : await node.stop();
  ctx.log(`${node.name} ${how === 'kill' ? 'killed (-9)' : 'stopped'}: ${ended}`);
  ctx.redeemNow();
  await sleep(node.role === 'worker' ? DOWN_MS.worker : DOWN_MS.process);
  const restartedAt = Date.now();
  await node.start();
  const servingAt = await node.ready(120_000);
  ctx.log(`${node.name} restarted (pid ${node.proc?.pid}), serving after ${(((servingAt ?? Date.now()) - restartedAt) / 1000).toFixed(1)} s`);
  return { injectedAt, restartedAt, servingAt, note: `${node.name}: ${ended}` };
}

export const FAULTS: Fault[] = [
  {
    name: 'none',
    modes: ['embedded', 'scaled'],
    async inject(ctx) {
      ctx.redeemNow();
      return { injectedAt: Date.now(), returnedApis: [], notes: ['no fault'] };
    },
  },
  {
    name: 'kill',
    modes: ['embedded'],
    async inject(ctx) {
      const r = await restartNode(ctx.topo.apis[0]!, ctx, 'kill');
      return { injectedAt: r.injectedAt, restartedAt: r.restartedAt, servingAt: r.servingAt, returnedApis: [0], notes: [r.note] };
    },
  },
  {
    name: 'api-kill',
    modes: ['scaled'],
    async inject(ctx) {
      const r = await restartNode(ctx.topo.apis[0]!, ctx, 'kill');
      return { injectedAt: r.injectedAt, restartedAt: r.restartedAt, servingAt: r.servingAt, returnedApis: [0], notes: [r.note] };
    },
  },
  {
    name: 'worker-kill',
    modes: ['scaled'],
    async inject(ctx) {
      const r = await restartNode(ctx.topo.worker!, ctx, 'kill');
      return { injectedAt: r.injectedAt, restartedAt: r.restartedAt, returnedApis: [], notes: [r.note] };
    },
  },
  ...(['redis-empty', 'redis-aof'] as const).map(
    (name): Fault => ({
      name,
      modes: ['scaled'],
      async inject(ctx) {
        const redis = ctx.topo.redis!;
        const injectedAt = Date.now();
        const ended = await redis.kill9();
        ctx.log(`redis killed (-9): ${ended}`);
        ctx.redeemNow();
        await sleep(DOWN_MS.redis);
        const restartedAt = Date.now();
        await redis.start({ empty: name === 'redis-empty' });
        ctx.log(`redis restarted ${name === 'redis-empty' ? 'empty (files deleted)' : 'on its AOF'} (pid ${redis.proc?.pid})`);
        return { injectedAt, restartedAt, returnedApis: [], notes: [`redis: ${ended}`] };
      },
    }),
  ),
  {
    name: 'redis-money',
    modes: ['scaled'],
    async inject(ctx) {
      const { money, topo } = ctx;
      await money.openDeposits('redis-money');
      const redis = topo.redis!;
      // Everything at once, and Redis killed while it runs.
      money.fireCallbacks(3);
      money.fireAdjustments('redis-money');
      ctx.redeemNow();
      await sleep(150);
      const injectedAt = Date.now();
      const ended = await redis.kill9();
      ctx.log(`redis killed (-9) with deposit callbacks, adjustments and PIN redemptions in flight: ${ended}`);
      // More while it is down: the platform answers from PostgreSQL, their jobs wait in the outbox.
      money.fireAdjustments('redis-money');
      await sleep(DOWN_MS.redis);
      const restartedAt = Date.now();
      await redis.start({ empty: true });
      ctx.log(`redis restarted empty (files deleted) (pid ${redis.proc?.pid})`);
      money.fireAdjustments('redis-money');
      await money.drain();
      ctx.log(`money traffic answered: ${money.records.length} deposits and adjustments`);
      return { injectedAt, restartedAt, returnedApis: [], notes: [`redis: ${ended}`] };
    },
  },
  {
    name: 'pg-restart',
    modes: ['scaled'],
    async inject(ctx) {
      const postgres = ctx.topo.postgres!;
      const injectedAt = Date.now();
      const ended = await postgres.stop();
      ctx.log(`PostgreSQL stopped: ${ended}`);
      ctx.redeemNow();
      await sleep(DOWN_MS.postgres);
      const restartedAt = Date.now();
      await postgres.start();
      ctx.log(`PostgreSQL started again (pid ${postgres.proc?.pid})`);
      return { injectedAt, restartedAt, returnedApis: [], notes: [`postgres: ${ended}`] };
    },
  },
  {
    name: 'gateway',
    modes: ['embedded', 'scaled'],
    async inject(ctx) {
      // The purchase workers run where ROLE is all or worker.
      const buyer = ctx.topo.worker ?? ctx.topo.apis[0]!;
      buyer.extraEnv = { ...GATEWAY_ENV };
      const r = await restartNode(buyer, ctx, 'stop');
      ctx.log(`${buyer.name} now buys through a faulty gateway: ${JSON.stringify(GATEWAY_ENV)}`);
      return { injectedAt: r.injectedAt, restartedAt: r.restartedAt, servingAt: r.servingAt, returnedApis: buyer.url ? [ctx.topo.apis.indexOf(buyer)] : [], notes: [r.note] };
    },
    async after(ctx) {
      const buyer = ctx.topo.worker ?? ctx.topo.apis[0]!;
      buyer.extraEnv = {};
      ctx.log(`${buyer.name}: restarting without the gateway faults`);
      await buyer.stop();
      await buyer.start();
      await buyer.ready(120_000);
    },
  },
];

export const faultNames = (mode: Mode) => FAULTS.filter((f) => f.modes.includes(mode)).map((f) => f.name);

export interface Recovery {
  /** Seconds from the restart to: every api answering /api/health 200, the first order placed, the first purchase. */
  healthSeconds: number | null;
  orderSeconds: number | null;
  purchaseSeconds: number | null;
  lastHealth: Array<number | null>;
}

/** Times the recovery after `outcome.restartedAt` (or the injection), each part within `limitMs`. */
export async function measureRecovery(ctx: FaultContext, outcome: FaultOutcome, limitMs: number): Promise<Recovery> {
  const from = outcome.restartedAt ?? outcome.injectedAt;
  const deadline = from + limitMs;
  const health = await Promise.all(ctx.topo.apis.map((node) => watchHealth(node.url!, Math.max(1000, deadline - Date.now()), node.proc)));
  const healthy = health.every((h) => h.healthyAt !== undefined) ? Math.max(...health.map((h) => h.healthyAt!)) : undefined;
  // The first order after the restart: through the returned node if one returned, else any.
  const node = outcome.returnedApis[0];
  let orderAt: number | undefined;
  while (!(orderAt = ctx.driver.firstPlacementAfter(from, node)) && Date.now() < deadline) await sleep(200);
  let purchaseAt: number | undefined;
  while (!(purchaseAt = await firstPurchaseAfter(ctx.topo.databaseUrl, from).catch(() => undefined)) && Date.now() < deadline) await sleep(500);
  const seconds = (at: number | undefined) => (at === undefined ? null : Math.max(0, (at - from) / 1000));
  return {
    healthSeconds: seconds(healthy),
    orderSeconds: seconds(orderAt),
    purchaseSeconds: seconds(purchaseAt),
    lastHealth: health.map((h) => h.lastStatus),
  };
}

export interface PhasePlan {
  durationMs: number;
  /** PINs redeemed across the phase, and how many of them right at the fault. */
  pins: { spread: number; atFault: number; points: number };
  recoveryLimitMs: number;
}

/** One phase: load, PINs, the fault, recovery, more load; returns what happened (the caller audits). */
export async function runPhase(fault: Fault, ctx: Omit<FaultContext, 'redeemNow'>, plan: PhasePlan) {
  const { driver, log } = ctx;
  const started = Date.now();
  const codes = await driver.issuePins(plan.pins.spread + plan.pins.atFault, plan.pins.points);
  const randomMember = () => crypto.randomInt(driver.members.length);
  driver.startLoad(fault.name);
  const timers = codes.slice(0, plan.pins.spread).map((code, i) =>
    setTimeout(() => void driver.redeem(randomMember(), code), ((i + 0.5) * plan.durationMs) / plan.pins.spread),
  );
  const atFault = codes.slice(plan.pins.spread);
  const faultCtx: FaultContext = { ...ctx, redeemNow: () => atFault.forEach((code) => void driver.redeem(randomMember(), code)) };

  await sleep(Math.round(plan.durationMs * 0.3));
  // What /api/health says on every api node from the injection to the end of the recovery.
  const healthSeen = ctx.topo.apis.map(() => ({}) as Record<string, number>);
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const statuses = await Promise.all(ctx.topo.apis.map((node) => healthStatus(node.url!)));
      statuses.forEach((status, i) => (healthSeen[i]![String(status ?? 'no answer')] = (healthSeen[i]![String(status ?? 'no answer')] ?? 0) + 1));
      await sleep(250);
    }
  })();
  log(`injecting ${fault.name}`);
  let outcome: FaultOutcome;
  let injectError: string | undefined;
  try {
    outcome = await fault.inject(faultCtx);
  } catch (error) {
    injectError = (error as Error).message;
    log(`the fault could not be completed: ${injectError}`);
    outcome = { injectedAt: Date.now(), returnedApis: [], notes: [`inject failed: ${injectError}`] };
  }
  // A part that could not be brought back (it died at start-up): nothing to wait for.
  const recovery: Recovery = injectError
    ? { healthSeconds: null, orderSeconds: null, purchaseSeconds: null, lastHealth: await Promise.all(ctx.topo.apis.map((node) => healthStatus(node.url!))) }
    : await measureRecovery(faultCtx, outcome, plan.recoveryLimitMs);
  watching = false;
  await watcher;
  log(
    `recovery: health 200 ${fmtSeconds(recovery.healthSeconds)}, first order ${fmtSeconds(recovery.orderSeconds)}, first purchase ${fmtSeconds(recovery.purchaseSeconds)}` +
      (recovery.healthSeconds === null ? ` (last /api/health: ${recovery.lastHealth.join(', ')})` : ''),
  );
  // Load goes on to the phase's end, and at least 5 s past the recovery.
  const recoveredAt = Date.now();
  if (!injectError) await sleep(Math.max(started + plan.durationMs, recoveredAt + 5000) - Date.now());
  for (const timer of timers) clearTimeout(timer);
  await driver.stopLoad();
  let afterError: string | undefined;
  if (fault.after) {
    await fault.after(faultCtx).catch((error) => {
      afterError = (error as Error).message;
      log(`could not undo ${fault.name}: ${afterError}`);
    });
  }

  // Sockets of the returned api nodes: each member's first resync after the fault, from the node's first answer.
  let resync: { homes: number[]; perMember: Array<{ member: number; seconds: number | null }> } | undefined;
  if (outcome.returnedApis.length) {
    const homes = outcome.returnedApis;
    const from = outcome.servingAt ?? outcome.restartedAt ?? outcome.injectedAt;
    const waitUntil = from + 15_000;
    let perMember = driver.resyncSeconds(outcome.injectedAt, from, homes);
    while (perMember.some((r) => r.seconds === null) && Date.now() < waitUntil) {
      await sleep(250);
      perMember = driver.resyncSeconds(outcome.injectedAt, from, homes);
    }
    resync = { homes, perMember };
  }
  const healthDuringFault = Object.fromEntries(ctx.topo.apis.map((node, i) => [node.name, healthSeen[i]!]));
  return { outcome, recovery, resync, injectError, afterError, recoveredAt, healthDuringFault, loadSeconds: (Date.now() - started) / 1000 };
}

export const fmtSeconds = (s: number | null) => (s === null ? 'never' : `${s.toFixed(1)} s`);
