import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { footballEventSchema, type FootballEventWire, type OddsEventPayload } from '@gp/common';
import { createFootballService } from '../../src/games/football/service.ts';
import { seededRandom } from '../../src/games/football/simulated/rng.ts';
import { apiClient } from '../http/api-client.ts';
import { newMember } from '../support/members.ts';
import { enterResultTwice, secondOperator } from '../support/results.ts';
import { type ClientSocket, connectSocket, emitWithAck, record } from '../support/sockets.ts';
import { atLeast } from '../support/wait.ts';
import { footballEnv, footballServer, onGrid } from './support.ts';

const OPERATOR = { OPERATOR_EMAIL: 'football-op@example.com', OPERATOR_PASSWORD: 'football-op-pass-1' };
const played = (extra: Record<string, unknown> = {}) => ({
  status: 'played',
  halfTime: { home: 1, away: 0 },
  fullTime: { home: 2, away: 1 },
  corners: 11,
  firstTeamToScore: 'H',
  firstScorer: '102',
  ...extra,
});

describe('operator results (manual source)', () => {
  let env: Awaited<ReturnType<typeof footballServer>>;
  let api: ReturnType<typeof apiClient>;
  let operator: string;
  let colleague: string;
  let member: string;
  let socket: ClientSocket;
  let received: OddsEventPayload[];
  let events: FootballEventWire[];
  const t0 = onGrid(new Date());

  beforeAll(async () => {
    env = await footballServer('embedded', footballEnv({}, { FOOTBALL_RESULT_SOURCE: 'manual', ...OPERATOR }));
    api = apiClient(env.url);
    await env.services.auth.ensureOperator();
    operator = (await api.post('/api/auth/login', { json: { email: OPERATOR.OPERATOR_EMAIL, password: OPERATOR.OPERATOR_PASSWORD } })).body.token;
    colleague = await secondOperator(env);
    member = (await newMember(env.services)).token;
    env.setNow(t0);
    await createFootballService(env.platform, { random: seededRandom(3) }).tick(t0);
    events = (await api.get<FootballEventWire[]>('/api/football/events')).body;
    socket = await connectSocket(env.url);
    received = record(socket, 'odds') as OddsEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  // Four eyes: the operator and a colleague each enter it; the answer is the later entry's (or the first refusal).
  const post = async (id: string, body: unknown, token = operator) => (await enterResultTwice(env.url, [token, colleague], 'football_event', id, body)).second;
  const eventOf = async (id: string) => (await api.get(`/api/football/events/${id}`)).body;

  it('is the operator’s alone: no token → 401, a member → 403', async () => {
    expect((await post(events[0]!.id, played(), '')).status).toBe(401);
    const refused = await post(events[0]!.id, played(), member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('answers 404 not_found for an unknown event, 422 for a malformed id', async () => {
    expect((await post('999999', played())).body.error.code).toBe('not_found');
    expect((await post('abc', played())).body.error).toMatchObject({ code: 'validation_failed', fields: { targetId: 'invalid' } });
  });

  it('refuses a result that does not add up (422 validation_failed, per field), and changes nothing', async () => {
    const id = events[0]!.id;
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ status: 'finished' }, { status: 'invalid' }],
      [{ status: 'played', fullTime: { home: 1, away: 0 }, corners: 3, firstTeamToScore: 'H' }, { halfTime: 'required' }],
      [played({ halfTime: { home: 3, away: 0 } }), { halfTime: 'invalid' }],
      [played({ firstTeamToScore: 'A' }), { firstTeamToScore: 'invalid' }],
      [played({ halfTime: { home: 0, away: 0 }, fullTime: { home: 0, away: 0 }, firstScorer: null }), { firstTeamToScore: 'invalid' }],
      [played({ firstScorer: '201' }), { firstScorer: 'invalid' }],
      [played({ corners: undefined }), { corners: 'required' }],
      [{ status: 'postponed', fullTime: { home: 1, away: 0 } }, { fullTime: 'invalid' }],
      [{ status: 'postponed', halfTime: { home: 1, away: 0 } }, { halfTime: 'invalid' }],
    ];
    for (const [body, fields] of cases) {
      const res = await post(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', fields });
    }
    expect((await api.get(`/api/football/events/${id}`)).body.status).toBe('open');
  });

  it('takes a played result only once sales have closed', async () => {
    const res = await post(events[0]!.id, played());
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', details: { rule: 'salesOpen' } });
  });

  it('voids an event at any time before its result: markets close, watchers are told, a second entry is 409', async () => {
    const event = events[events.length - 1]!;
    received.splice(0);
    const res = await post(event.id, { status: 'postponed' });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('published');
    const voided = await eventOf(event.id);
    expect(footballEventSchema.parse(voided)).toMatchObject({ id: event.id, status: 'postponed', result: { status: 'postponed' }, resultSource: 'manual' });
    expect(voided.markets.every((m: { status: string }) => m.status === 'closed')).toBe(true);
    const [pushed] = await atLeast(received, 1);
    expect(pushed).toMatchObject({ eventId: event.id, status: 'postponed' });
    const again = await post(event.id, { status: 'cancelled' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'result_exists', message: 'A result was already entered for this draw or event.' });
    expect(again.body.error.fields).toBeUndefined(); // API.md: fields belong to validation_failed
  });

  it('publishes a played result after the sales close, once; the results page shows what won', async () => {
    const event = events[0]!;
    const closeAt = new Date(new Date(event.salesCloseAt).getTime() + 1000);
    env.setNow(closeAt);
    received.splice(0);
    const res = await post(event.id, played());
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('published');
    const resulted = await eventOf(event.id);
    expect(resulted).toMatchObject({
      status: 'resulted',
      resultSource: 'manual',
      result: { status: 'played', fullTime: { home: 2, away: 1 }, firstScorer: '102', firstTeamToScore: 'H' },
    });
    expect(resulted.seed).toMatch(/^[0-9a-f]{64}$/);
    const [pushed] = await atLeast(received, 1);
    expect(pushed).toMatchObject({ eventId: event.id, status: 'resulted' });

    const twice = await post(event.id, played({ fullTime: { home: 3, away: 1 } }));
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('result_exists');

    const results = (await api.get('/api/football/results?pageSize=100')).body;
    const item = results.items.find((i: { id: string }) => i.id === event.id);
    const settled = (market: string) => item.settledMarkets.find((m: { market: string }) => m.market === market);
    expect(settled('HAD')).toMatchObject({ winning: ['H'], refunded: [] });
    expect(settled('CRS').winning).toEqual(['2:1']);
    expect(settled('FGS').winning).toEqual(['102']);
    expect(settled('HFT').winning).toEqual(['HH']);
    expect(settled('OOE').winning).toEqual(['O']);
    const postponed = results.items.find((i: { status: string }) => i.status === 'postponed');
    expect(postponed.settledMarkets.every((m: { winning: string[]; refunded: string[] }) => m.winning.length === 0 && m.refunded.length > 0)).toBe(true);
  });

  it('runs the afterResulted hook for an operator’s entry too', async () => {
    const calls: string[] = [];
    const football = createFootballService(env.platform, { afterResulted: async (id) => void calls.push(String(id)) });
    const event = events[1]!;
    const out = await football.enterResult(Number(event.id), { status: 'abandoned', halfTime: { home: 0, away: 1 } });
    expect(out).toMatchObject({ status: 'abandoned', result: { status: 'abandoned', halfTime: { home: 0, away: 1 } } });
    expect(calls).toEqual([event.id]);
  });
});
