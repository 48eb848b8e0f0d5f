import { describe, expect, it } from 'vitest';
import { boundedAnswers, publicChannels, RequestBudget, unsentBytes } from '../../src/realtime/gateway.ts';

describe('RequestBudget (per-socket subscribe/unsubscribe token bucket)', () => {
  it('allows a burst, then refuses until tokens refill at the rate', () => {
    let t = 0;
    const budget = new RequestBudget(20, 40, () => t);
    for (let i = 0; i < 40; i++) expect(budget.take()).toBe('ok');
    expect(budget.take()).toBe('limited');
    t += 100; // 2 tokens at 20/s
    expect([budget.take(), budget.take(), budget.take()]).toEqual(['ok', 'ok', 'limited']);
    t += 10_000; // full again, capped at the burst
    for (let i = 0; i < 40; i++) expect(budget.take()).toBe('ok');
    expect(budget.take()).toBe('limited');
  });

  it('calls it a flood past 10 bursts of outstanding refusals; refusals drain at the rate', () => {
    let t = 0;
    const budget = new RequestBudget(20, 40, () => t);
    for (let i = 0; i < 40; i++) budget.take();
    for (let i = 0; i < 400; i++) expect(budget.take()).toBe('limited');
    expect(budget.take()).toBe('flood');

    // A client retrying at twice the rate forever is limited, never dropped.
    t = 0;
    const retrying = new RequestBudget(20, 40, () => t);
    const verdicts = new Set<string>();
    for (let i = 0; i < 40 * 60; i++) {
      t += 25; // 40 per second
      verdicts.add(retrying.take());
    }
    expect([...verdicts].sort()).toEqual(['limited', 'ok']);
  });
});

describe('boundedAnswers (memo of the event lookups)', () => {
  it('holds at most maxEntries, shares a lookup in flight, keeps yes and no for their times, and forgets failures', async () => {
    let t = 0;
    const asked: string[] = [];
    let fail = false;
    const answers = boundedAnswers(
      async (key) => {
        asked.push(key);
        if (fail) throw new Error('db down');
        return key.startsWith('y');
      },
      { maxEntries: 3, yesMs: 60_000, noMs: 10_000, now: () => t },
    );
    expect(await Promise.all([answers('y1'), answers('y1'), answers('n1')])).toEqual([true, true, false]);
    expect(asked).toEqual(['y1', 'n1']);
    for (let i = 0; i < 1000; i++) await answers(`n${i}`);
    expect(answers.size()).toBe(3);

    asked.length = 0;
    await answers('n999');
    expect(asked).toEqual([]); // cached no
    t += 10_001;
    await answers('n999');
    expect(asked).toEqual(['n999']); // expired, asked again

    fail = true;
    await expect(answers('y-fails')).rejects.toThrow('db down');
    fail = false;
    expect(await answers('y-fails')).toBe(true);

    answers.remember('n-later-created', false);
    expect(await answers('n-later-created')).toBe(false);
    answers.remember('n-later-created', true);
    expect(await answers('n-later-created')).toBe(true);
  });
});

describe('publicChannels', () => {
  const make = () => {
    const asked: string[] = [];
    const channels = publicChannels({
      productCodes: ['TWB01', 'CAB01'],
      footballProduct: 'HKS01',
      eventExists: async (id) => {
        asked.push(id);
        return id === '7';
      },
    });
    return { channels, asked };
  };

  it('knows the keno products on sale, the football feed, and events by the database', async () => {
    const { channels, asked } = make();
    for (const channel of ['clock:TWB01', 'draws:CAB01', 'odds:HKS01', 'odds:HKS01:7']) expect(await channels.exists(channel), channel).toBe(true);
    for (const channel of ['clock:KRB01', 'clock:XXX99', 'draws:HKS01', 'odds:HKS01:8', 'odds:HKS02']) expect(await channels.exists(channel), channel).toBe(false);
    expect(asked).toEqual(['7', '8']);
  });

  it('never asks the database about an id that cannot be an event id', async () => {
    const { channels, asked } = make();
    for (const id of ['0', '007', 'evt-42', '-1', '1e3', '9223372036854775808', '99999999999999999999']) {
      expect(await channels.exists(`odds:HKS01:${id}`), id).toBe(false);
    }
    expect(await channels.exists('odds:HKS01:9223372036854775807')).toBe(false);
    expect(asked).toEqual(['9223372036854775807']);
  });

  it('a room published to exists, even if it was refused a moment before', async () => {
    const { channels } = make();
    expect(await channels.exists('odds:HKS01:12')).toBe(false);
    channels.published('odds:HKS01:12');
    expect(await channels.exists('odds:HKS01:12')).toBe(true);
    channels.published('user:12'); // not a public channel: ignored
    expect(channels.cached()).toBe(1);
  });
});

describe('unsentBytes (what a connection owes its client)', () => {
  const message = (data: string | Buffer) => ({ type: 'message', data });

  it('websocket: the ws buffered amount plus the engine.io write buffer', () => {
    const conn = { readyState: 'open', transport: { name: 'websocket', socket: { bufferedAmount: 5000 } }, writeBuffer: [message('é'.repeat(100)), { type: 'ping' }], close() {} };
    expect(unsentBytes(conn)).toBe(5000 + 1 + 200 + 1);
  });

  it('polling: the engine.io write buffer, strings and binary', () => {
    const conn = { readyState: 'open', transport: { name: 'polling' }, writeBuffer: [message('abc'), message(Buffer.alloc(10))], close() {} };
    expect(unsentBytes(conn)).toBe(4 + 11);
  });

  it('stops counting once past the bound', () => {
    const writeBuffer = Array.from({ length: 100_000 }, () => message('x'.repeat(99)));
    const conn = { readyState: 'open', transport: { name: 'polling' }, writeBuffer, close() {} };
    expect(unsentBytes(conn, 1000)).toBe(1100);
  });
});
