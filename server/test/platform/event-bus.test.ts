import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusMessage, EventBus } from '../../src/platform/event-bus.ts';
import type { Platform } from '../../src/platform/platform.ts';
import { MODES, testPlatform } from '../support/platform.ts';
import { firstMatching } from '../support/wait.ts';

/** A `balance` message; a test may send any payload (the bus carries JSON, whatever its types say). */
const message = (room: string, payload: unknown = { balance: 1250, trialBalance: 0, at: new Date(0).toISOString() }) =>
  ({ room, event: 'balance', payload }) as BusMessage;

/** The first message for `room` that `bus` hands its subscribers. */
const received = (bus: EventBus, room: string, what: string) =>
  firstMatching<BusMessage>(what, (deliver) => bus.subscribe(deliver), (m) => m.room === room);

describe.each(MODES)('event bus (%s mode)', (mode) => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await testPlatform(mode);
  });
  afterAll(() => platform.close());

  it(`is ${mode === 'scaled' ? 'Redis pub/sub' : 'in-process'}`, () => {
    expect(platform.bus.kind).toBe(mode === 'scaled' ? 'redis' : 'memory');
  });

  it('delivers one publish to every subscriber, payload intact', async () => {
    const room = `user:${crypto.randomUUID()}`;
    const first = received(platform.bus, room, 'the first subscriber');
    const second = received(platform.bus, room, 'the second subscriber');
    const sent = message(room, { balance: 98_765, trialBalance: 1, at: '2026-11-22T10:00:00.000Z' });
    await platform.bus.publish(sent);
    expect(await first).toEqual(sent);
    expect(await second).toEqual(sent);
  });

  it('publishMany delivers every message once, in the order given', async () => {
    const room = `user:${crypto.randomUUID()}`;
    const got: unknown[] = [];
    const unsubscribe = platform.bus.subscribe((m) => m.room === room && got.push(m.payload));
    const last = firstMatching<BusMessage>('the last of the batch', (deliver) => platform.bus.subscribe(deliver), (m) => m.room === room && (m.payload as unknown) === 499);
    await platform.bus.publishMany(Array.from({ length: 500 }, (_, i) => message(room, i)));
    await last;
    unsubscribe();
    expect(got).toEqual(Array.from({ length: 500 }, (_, i) => i));
    await platform.bus.publishMany([]); // nothing to send is not an error
  });

  // Redis carries a batch as a few messages of many (by count and by size): large ones too, in order.
  it('publishMany delivers large messages whole and in order, one larger than a whole batch among them', async () => {
    const room = `user:${crypto.randomUUID()}`;
    const got: string[] = [];
    const unsubscribe = platform.bus.subscribe((m) => m.room === room && got.push(m.payload as unknown as string));
    const payloads = Array.from({ length: 30 }, (_, i) => `${i}:`.padEnd(i === 7 ? 300_000 : 30_000, String(i % 10)));
    const last = firstMatching<BusMessage>('the last large message', (deliver) => platform.bus.subscribe(deliver), (m) => m.room === room && (m.payload as unknown as string).startsWith('29:'));
    await platform.bus.publishMany(payloads.map((payload) => message(room, payload)));
    await last;
    unsubscribe();
    expect(got).toEqual(payloads);
  });

  it('stops delivering to a handler once it unsubscribes', async () => {
    const room = `user:${crypto.randomUUID()}`;
    const gone: BusMessage[] = [];
    const unsubscribe = platform.bus.subscribe((m) => m.room === room && gone.push(m));
    const delivered = firstMatching<BusMessage>('the first message', (deliver) => platform.bus.subscribe(deliver), (m) => (m.payload as unknown) === 'before');
    await platform.bus.publish(message(room, 'before'));
    await delivered;
    expect(gone.map((m) => m.payload)).toEqual(['before']);

    unsubscribe();
    // Messages on one bus arrive in publish order: once the marker is in, "after" was not delivered.
    const marker = received(platform.bus, `${room}:marker`, 'the marker message');
    await platform.bus.publish(message(room, 'after'));
    await platform.bus.publish(message(`${room}:marker`));
    await marker;
    expect(gone.map((m) => m.payload)).toEqual(['before']);
  });
});

/**
 * The cross-process property of the scaled mode: api nodes and workers are separate processes
 * with separate platforms, and a worker's publish must reach every api node on the deployment
 * (same REDIS_PREFIX) and no other deployment sharing the Redis.
 */
describe('event bus across platforms (scaled mode)', () => {
  const deployment = `bus_${crypto.randomBytes(4).toString('hex')}`;
  let worker: Platform;
  let apiNode: Platform;
  let otherDeployment: Platform;
  beforeAll(async () => {
    [worker, apiNode, otherDeployment] = await Promise.all([
      testPlatform('scaled', { REDIS_PREFIX: deployment }),
      testPlatform('scaled', { REDIS_PREFIX: deployment }),
      testPlatform('scaled'),
    ]);
  });
  afterAll(() => Promise.all([worker, apiNode, otherDeployment].map((p) => p?.close())));

  it('a publish on one platform reaches both platforms of the same prefix, not one with another prefix', async () => {
    const room = `user:${crypto.randomUUID()}`;
    const sent = message(room);
    const heardByWorker = received(worker.bus, room, 'the publishing platform');
    const heardByApi = received(apiNode.bus, room, 'the other platform on the same prefix');
    const strays: BusMessage[] = [];
    otherDeployment.bus.subscribe((m) => m.room === room && strays.push(m));

    await worker.bus.publish(sent);
    expect(await heardByApi).toEqual(sent);
    expect(await heardByWorker).toEqual(sent);

    // Redis delivers to each subscriber connection in the order it processed the publishes, so
    // once the other deployment hears its own later marker, the first publish had its chance.
    const marker = received(otherDeployment.bus, `${room}:marker`, 'the other deployment’s own marker');
    await otherDeployment.bus.publish(message(`${room}:marker`));
    await marker;
    expect(strays).toEqual([]);
  });
});
