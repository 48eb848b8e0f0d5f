import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchResult, OddsEventPayload } from '@gp/common';
import { seedStream, simulatedResult } from '../../src/games/football/result-source.ts';
import { createFootballService } from '../../src/games/football/service.ts';
import { initialModel } from '../../src/games/football/simulated/model.ts';
import { seededRandom } from '../../src/games/football/simulated/rng.ts';
import { apiClient } from '../http/api-client.ts';
import { MODES } from '../support/platform.ts';
import { type ClientSocket, connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { eventually } from '../support/wait.ts';
import { footballEnv, footballServer, onGrid, SIMULATION } from './support.ts';

const SCORERS = { '101': 0.4, '102': 0.3, '103': 0.2, '104': 0.1, '201': 0.4, '202': 0.3, '203': 0.2, '204': 0.1 };
const MODEL = initialModel({ attack: 1.1, defence: 0.9 }, { attack: 1, defence: 1 }, SCORERS);
const seedOf = (i: number) => crypto.createHash('sha256').update(`seed-${i}`).digest('hex');

describe('simulated results', () => {
  it('are a pure function of the model and the seed', () => {
    expect(simulatedResult(MODEL, seedOf(1), 0.02)).toEqual(simulatedResult(MODEL, seedOf(1), 0.02));
    const results = Array.from({ length: 50 }, (_, i) => JSON.stringify(simulatedResult(MODEL, seedOf(i), 0)));
    expect(new Set(results).size).toBeGreaterThan(20);
  });

  it('are consistent: half time within full time, a first team that scored (first in the first half), a scorer of that team', () => {
    let goals = 0;
    for (let i = 0; i < 400; i++) {
      const r = simulatedResult(MODEL, seedOf(i), 0) as Required<MatchResult>;
      expect(r.status).toBe('played');
      expect(r.halfTime!.home).toBeLessThanOrEqual(r.fullTime!.home);
      expect(r.halfTime!.away).toBeLessThanOrEqual(r.fullTime!.away);
      expect(r.corners).toBeGreaterThanOrEqual(0);
      const total = r.fullTime!.home + r.fullTime!.away;
      goals += total;
      if (total === 0) {
        expect(r.firstTeamToScore).toBeNull();
        expect(r.firstScorer).toBeNull();
        continue;
      }
      const team = r.firstTeamToScore!;
      expect(team === 'H' ? r.fullTime!.home : r.fullTime!.away).toBeGreaterThan(0);
      if (r.halfTime!.home + r.halfTime!.away > 0) expect(team === 'H' ? r.halfTime!.home : r.halfTime!.away).toBeGreaterThan(0);
      expect(r.firstScorer!.startsWith(team === 'H' ? '1' : '2')).toBe(true);
    }
    expect(goals / 400).toBeCloseTo(MODEL.lambdaHome + MODEL.lambdaAway, 0);
  });

  it('postpones a share voidRate of matches, drawn first from the seed', () => {
    expect(simulatedResult(MODEL, seedOf(3), 1)).toEqual({ status: 'postponed' });
    const postponed = Array.from({ length: 400 }, (_, i) => simulatedResult(MODEL, seedOf(i), 0.25)).filter((r) => r.status === 'postponed').length;
    expect(postponed).toBeGreaterThan(60);
    expect(postponed).toBeLessThan(140);
  });

  it('draw from HMAC-SHA256(seed, counter) as published, so anyone can repeat them', () => {
    const seed = seedOf(9);
    const block = crypto.createHmac('sha256', Buffer.from(seed, 'hex')).update(Buffer.from([0, 0, 0, 0])).digest();
    const stream = seedStream(seed);
    expect(stream()).toBe(block.readUInt32BE(0) / 2 ** 32);
    expect(stream()).toBe(block.readUInt32BE(4) / 2 ** 32);
    expect(() => seedStream('abcd')).toThrow(RangeError);
  });
});

describe.each(MODES)('resulting closed events (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof footballServer>>;
  let football: ReturnType<typeof createFootballService>;
  let socket: ClientSocket;
  let received: OddsEventPayload[];
  const resulted: string[] = [];
  const t0 = onGrid(new Date());

  beforeAll(async () => {
    // A fresh install's whole history, as in production (tests default to a few matches).
    env = await footballServer(mode, footballEnv({}, { FOOTBALL_HISTORY_MATCHES: '150' }));
    football = createFootballService(env.platform, { random: seededRandom(5), afterResulted: async (id) => void resulted.push(String(id)) });
    socket = await connectSocket(env.url);
    received = record(socket, 'odds') as OddsEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  it('fills in the past week on the first start, played and verifiable, so form and tables have data', async () => {
    const summary = await football.tick(t0);
    expect(summary.backfilled).toBeGreaterThan(100);
    expect(summary.backfilled).toBeLessThanOrEqual(150);
    const past = await env.platform.db.selectFrom('football_events').selectAll().where('status', '=', 'resulted').execute();
    expect(past.length).toBeGreaterThan(100);
    for (const row of past.slice(0, 20)) {
      expect(row.result_source).toBe('simulated');
      expect(crypto.createHash('sha256').update(Buffer.from(row.seed!, 'hex')).digest('hex')).toBe(row.seed_hash);
      expect(row.result).toEqual(simulatedResult(row.model, row.seed!, SIMULATION.voidRate));
    }
    expect(await football.tick(new Date(t0.getTime() + 10_000))).toMatchObject({ backfilled: 0 });
  });

  it('results a closed match once its minutes have passed, from its final model and seed, and tells watchers', async () => {
    const first = await env.platform.db.selectFrom('football_events').selectAll().where('status', '=', 'scheduled').orderBy('kick_off_at').executeTakeFirstOrThrow();
    const api = apiClient(env.url);
    await football.tick(new Date(first.sales_close_at.getTime() + 1000));
    const closed = (await api.get(`/api/football/events/${first.id}`)).body;
    expect(closed.status).toBe('closed');
    expect(closed).not.toHaveProperty('seed');
    expect(closed.seedHash).toBe(first.seed_hash);

    const kickOff = first.kick_off_at.getTime();
    // A minute before its end, other matches (the backfilled ones still running at the start) may finish; this one does not.
    await football.resultDue(new Date(kickOff + (SIMULATION.matchMinutes - 1) * 60_000));
    expect((await env.platform.db.selectFrom('football_events').select('status').where('id', '=', first.id).executeTakeFirstOrThrow()).status).toBe('closed');
    received.splice(0);
    resulted.splice(0);
    const end = new Date(kickOff + SIMULATION.matchMinutes * 60_000 + 1000);
    env.setNow(end);
    expect(await football.resultDue(end)).toBeGreaterThanOrEqual(1);
    expect(resulted).toContain(String(first.id));

    const row = await env.platform.db.selectFrom('football_events').selectAll().where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'resulted', result_source: 'simulated', resulted_at: end });
    expect(row.result).toEqual(simulatedResult(row.model, row.seed!, SIMULATION.voidRate));
    expect(crypto.createHash('sha256').update(Buffer.from(row.seed!, 'hex')).digest('hex')).toBe(row.seed_hash);

    const pushed = await eventually('the odds event of the resulted match', () => received.find((p) => p.eventId === String(first.id)));
    expect(pushed).toMatchObject({ status: 'resulted' });
    const shown = (await api.get(`/api/football/events/${first.id}`)).body;
    expect(shown).toMatchObject({ status: 'resulted', seed: row.seed, resultSource: 'simulated', result: row.result });

    resulted.splice(0);
    expect(await football.resultDue(end)).toBe(0);
    expect(resulted).toEqual([]);
  });
});
