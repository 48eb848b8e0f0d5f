import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballEventWire, OddsEventPayload } from '@gp/common';
import { apiClient } from '../http/api-client.ts';
import { MODES, testServer } from '../support/platform.ts';
import { type ClientSocket, connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';

/**
 * A fast simulated world driven by the real job schedulers: a kick-off every 6 s, sales closing
 * 2 s before, matches lasting 3 s, odds ticks (and results passes) every 400 ms. The test moves the
 * platform's clock to an event's sales close and past its match, rather than waiting for them.
 */
const MATCH_MS = 0.05 * 60_000;
const FAST = {
  FOOTBALL_SIMULATION: JSON.stringify({ kickOffEveryMinutes: 0.1, aheadHours: 0.05, matchMinutes: 0.05, voidRate: 0, moveShare: 0.3 }),
  FOOTBALL_SALES_CLOSE_LEAD_SECONDS: '2',
  ODDS_INTERVAL_MS: '400',
};

describe.each(MODES)('the football jobs (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof testServer>>;
  let socket: ClientSocket;
  let received: OddsEventPayload[];

  beforeAll(async () => {
    env = await testServer(mode, FAST);
    socket = await connectSocket(env.url);
    received = record(socket, 'odds') as OddsEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  it('ticks on their own: events appear on sale, prices move, sales close and matches are resulted, all pushed as odds events', async () => {
    const api = apiClient(env.url);
    const open = await eventually('an open football event', async () => (await api.get<FootballEventWire[]>('/api/football/events?status=open')).body[0], 10_000);
    expect(open.markets.length).toBeGreaterThanOrEqual(15);
    await eventually('an odds event with a moved price', () => received.find((p) => p.markets.some((m) => m.selections.some((s) => s.prevOdds !== null && s.prevOdds !== s.odds))), 10_000);
    env.clock.advanceTo(open.salesCloseAt);
    const closed = await eventually('an odds event closing the event', () => received.find((p) => p.eventId === open.id && p.status === 'closed'), 15_000);
    env.clock.advanceTo(Date.parse(open.kickOffAt) + MATCH_MS + 1_000);
    const resulted = await eventually('the closed event to be resulted', () => received.find((p) => p.eventId === closed.eventId && p.status === 'resulted'), 15_000);
    expect(resulted.eventId).toBe(closed.eventId);
    const detail = (await api.get(`/api/football/events/${closed.eventId}`)).body;
    expect(detail).toMatchObject({ status: 'resulted', resultSource: 'simulated', result: { status: 'played' } });
  }, 60_000);
});
