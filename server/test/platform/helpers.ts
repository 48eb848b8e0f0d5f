import type { Job, Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import type { BalancePayload, ServerToClientEvents } from '@gp/common';
import type { Platform } from '../../src/platform/platform.ts';
import type { QueueBackend } from '../../src/platform/queues.ts';

/** Polls `check` until it returns a value other than undefined/false, or fails with `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await pause(25);
  }
}

/** `promise`, or a rejection naming `what` if it takes longer than `timeoutMs`. */
export function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves with the first value `register` delivers that matches, or rejects after `timeoutMs`. */
export function firstMatching<T>(what: string, register: (deliver: (value: T) => void) => () => void, matches: (value: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stop: () => void = () => undefined;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    stop = register((value) => {
      if (!matches(value)) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
  });
}

/** A job's state, read from the queue itself (QueueEvents loses events on the Postgres backend). */
export async function jobSettles(queue: Queue, jobId: string, timeoutMs = 10_000): Promise<{ job: Job; state: string }> {
  return eventually(`job ${jobId} on ${queue.name} to complete or fail`, async () => {
    const state = await queue.getJobState(jobId);
    if (state !== 'completed' && state !== 'failed') return undefined;
    // Read the job only now: one read before the state check could predate its result.
    return { job: (await queue.getJob(jobId))!, state };
  }, timeoutMs);
}

/** Waits until a queue has nothing waiting, delayed, prioritized or running. */
export async function queueDrains(queue: Queue, timeoutMs = 10_000) {
  await eventually(`queue ${queue.name} to drain`, async () => {
    const counts = await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children');
    return Object.values(counts).every((n) => n === 0);
  }, timeoutMs);
}

/** The backend the platform's own factory uses, for tests that need a second, separately closed factory. */
export function queueBackendOf(platform: Platform): QueueBackend {
  const { REDIS_URL } = platform.config;
  return REDIS_URL ? { kind: 'redis', url: REDIS_URL, prefix: platform.namespace } : { kind: 'postgres', connectionString: platform.connectionString };
}

export type MemberSocket = Socket<ServerToClientEvents>;

/** A member's Socket.IO connection (websocket only), connected, or rejects with the refusal. */
export async function connectSocket(url: string, token: string, timeoutMs = 10_000): Promise<MemberSocket> {
  const socket: MemberSocket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket to ${url} did not connect within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return socket;
}

/** The next `balance` push on `socket` showing `expected` (a real balance, or both balances). */
export function balanceEvent(socket: MemberSocket, expected: number | { balance: number; trialBalance: number }, timeoutMs = 10_000) {
  const want = typeof expected === 'number' ? { balance: expected } : expected;
  return firstMatching<BalancePayload>(
    `a balance event ${JSON.stringify(want)} on socket ${socket.id}`,
    (deliver) => {
      socket.on('balance', deliver);
      return () => socket.off('balance', deliver);
    },
    (payload) => payload.balance === want.balance && ('trialBalance' in want ? payload.trialBalance === want.trialBalance : true),
    timeoutMs,
  );
}
