import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oddsEventSchema, type OddsEventPayload } from '@gp/common';
import { createFootballService } from '../../src/games/football/service.ts';
import { TICK_LOCK } from '../../src/games/football/odds-poller.ts';
import { seededRandom } from '../../src/games/football/simulated/rng.ts';
import { MODES } from '../support/platform.ts';
import { type ClientSocket, connectSocket, drained, emitWithAck, record } from '../support/sockets.ts';
import { atLeast } from '../support/wait.ts';
import { footballEnv, footballServer, LEAD_SECONDS, onGrid } from './support.ts';

describe.each(MODES)('the odds poller (%s mode)', (mode) => {
  let env: Awaited<ReturnType<typeof footballServer>>;
  let football: ReturnType<typeof createFootballService>;
  let socket: ClientSocket;
  let received: OddsEventPayload[];
  const t0 = onGrid(new Date());
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
  const count = async (table: 'football_events' | 'football_markets' | 'football_odds_history') =>
    Number((await env.platform.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  /** Every odds event pushed so far (all of them: a marker sent after them has arrived), taken out of `received`. */
  const drain = async () => (await drained(env.platform, 'odds:HKS01', 'odds', received)).splice(0);

  beforeAll(async () => {
    // Manual results: no backfill, so the tables hold only what the ticks below store.
    env = await footballServer(mode, footballEnv({}, { FOOTBALL_RESULT_SOURCE: 'manual' }));
    football = createFootballService(env.platform, { random: seededRandom(42) });
    socket = await connectSocket(env.url);
    received = record(socket, 'odds') as OddsEventPayload[];
    expect(await emitWithAck(socket, 'subscribe', 'odds:HKS01')).toEqual({ ok: true });
  });
  afterAll(async () => {
    socket.close();
    await env.stop();
  });

  it('stores the fixtures ahead with all 14 markets and their first prices, and pushes one odds event per new event', async () => {
    const summary = await football.tick(t0);
    expect(summary).toMatchObject({ created: 8, closedEvents: 0, backfilled: 0 });
    await atLeast(received, 8);
    const pushed = await drain();
    expect(pushed).toHaveLength(8);
    expect(new Set(pushed.map((e) => e.eventId)).size).toBe(8);
    for (const payload of pushed) {
      expect(oddsEventSchema.parse(payload)).toEqual(payload);
      expect(new Set(payload.markets.map((m) => m.market)).size).toBe(14);
      expect(payload.market).toBe('HAD');
      expect(payload.markets.flatMap((m) => m.selections).every((s) => s.prevOdds === null && /^\d+\.\d{2}$/.test(s.odds))).toBe(true);
    }
    expect(pushed[0]!.markets.length).toBeGreaterThanOrEqual(15);
    const markets = await count('football_markets');
    expect(markets).toBe(pushed.reduce((n, p) => n + p.markets.length, 0));
    expect(await count('football_odds_history')).toBe(markets);
    // Each simulated event commits to its secret seed before sales.
    const rows = await env.platform.db.selectFrom('football_events').select(['seed', 'seed_hash', 'status', 'sales_close_at', 'kick_off_at']).execute();
    expect(rows.every((r) => r.seed && /^[0-9a-f]{64}$/.test(r.seed_hash!) && r.status === 'scheduled')).toBe(true);
    expect(rows.every((r) => r.kick_off_at.getTime() - r.sales_close_at.getTime() === LEAD_SECONDS * 1000)).toBe(true);
  });

  it('moves a share of the open events each tick: new prices stored, one history row per changed market, one batched event per moved event', async () => {
    const historyBefore = await count('football_odds_history');
    const modelsBefore = new Map((await env.platform.db.selectFrom('football_events').select(['id', 'model']).execute()).map((r) => [String(r.id), JSON.stringify(r.model)]));
    const summary = await football.tick(at(10));
    expect(summary.created).toBe(0);
    expect(summary.changedMarkets).toBeGreaterThan(0);
    const pushed = (await atLeast(received, 1)) && (await drain());
    expect(pushed.length).toBeGreaterThanOrEqual(1);
    expect(pushed.length).toBeLessThanOrEqual(4); // moveShare 0.5 of 8 events
    expect(new Set(pushed.map((p) => p.eventId)).size).toBe(pushed.length);
    const moved = (await env.platform.db.selectFrom('football_events').select(['id', 'model']).execute()).filter((r) => JSON.stringify(r.model) !== modelsBefore.get(String(r.id)));
    expect(moved).toHaveLength(4);
    for (const payload of pushed) {
      expect(moved.map((r) => String(r.id))).toContain(payload.eventId);
      const changed = payload.markets.flatMap((m) => m.selections).filter((s) => s.prevOdds !== null && s.prevOdds !== s.odds);
      expect(changed.length).toBeGreaterThan(0);
      // Prices that did not move stay out of the payload.
      expect(payload.markets.flatMap((m) => m.selections).filter((s) => s.prevOdds === s.odds)).toEqual([]);
      const had = payload.markets.find((m) => m.market === 'HAD');
      if (had) {
        const stored = await env.platform.db.selectFrom('football_markets').select('odds').where('event_id', '=', Number(payload.eventId)).where('market', '=', 'HAD').executeTakeFirstOrThrow();
        // Only the moved prices travel; each one is the stored price.
        for (const s of had.selections) expect(Math.round(Number(s.odds) * 1000)).toBe(stored.odds[s.key]);
      }
    }
    const priceChanges = pushed.reduce((n, p) => n + p.markets.filter((m) => m.status !== 'closed' && m.selections.some((s) => s.prevOdds !== null && s.prevOdds !== s.odds)).length, 0);
    const newLines = pushed.reduce((n, p) => n + p.markets.filter((m) => m.selections.length > 0 && m.selections.every((s) => s.prevOdds === null)).length, 0);
    expect((await count('football_odds_history')) - historyBefore).toBe(priceChanges + newLines);
  });

  it('closes a line the model moved away from and opens the new one, in the same odds event', async () => {
    const event = await env.platform.db.selectFrom('football_events').select(['id', 'model']).where('status', '=', 'scheduled').orderBy('kick_off_at', 'desc').executeTakeFirstOrThrow();
    const before = await env.platform.db.selectFrom('football_markets').select(['line', 'status']).where('event_id', '=', event.id).where('market', '=', 'HDC').execute();
    const model = event.model as { lambdaHome: number; lambdaAway: number };
    const stronger = { ...model, lambdaHome: model.lambdaHome * 2.2, lambdaAway: model.lambdaAway * 0.5 };
    await env.platform.db.updateTable('football_events').set({ model: JSON.stringify(stronger) }).where('id', '=', event.id).execute();
    await drain();
    await football.tick(at(20));
    const payload = (await atLeast(received, 1)) && (await drain()).find((p) => p.eventId === String(event.id))!;
    const hdc = payload.markets.filter((m) => m.market === 'HDC');
    const oldLine = before.find((m) => m.status === 'open')!.line;
    expect(hdc.find((m) => m.line === oldLine)?.status).toBe('closed');
    const opened = hdc.find((m) => m.status === 'open')!;
    expect(opened.line).not.toBe(oldLine);
    expect(Number(opened.line!.split('/')[0])).toBeLessThan(Number(oldLine.split('/')[0]));
  });

  it('closes an event and every market at its sales close (kick-off minus the lead), once, with status closed', async () => {
    const first = await env.platform.db.selectFrom('football_events').select(['id', 'sales_close_at']).orderBy('kick_off_at').executeTakeFirstOrThrow();
    await drain();
    await football.tick(new Date(first.sales_close_at.getTime() + 1000));
    await atLeast(received, 1);
    const closing = (await drain()).find((p) => p.eventId === String(first.id))!;
    expect(closing.status).toBe('closed');
    expect(closing.markets.length).toBeGreaterThanOrEqual(15);
    expect(closing.markets.every((m) => m.status === 'closed')).toBe(true);
    const row = await env.platform.db.selectFrom('football_events').select('status').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
    const open = await env.platform.db.selectFrom('football_markets').select('id').where('event_id', '=', first.id).where('status', '<>', 'closed').execute();
    expect(open).toEqual([]);

    await football.tick(new Date(first.sales_close_at.getTime() + 11_000));
    expect((await drain()).some((p) => p.eventId === String(first.id))).toBe(false);
  });

  it('sends one event’s changes to its own room odds:HKS01:<id>, and nothing of other events', async () => {
    const events = await env.platform.db.selectFrom('football_events').select(['id', 'model']).where('status', '=', 'scheduled').orderBy('kick_off_at', 'desc').limit(2).execute();
    const watcher = await connectSocket(env.url);
    const own = record(watcher, 'odds') as OddsEventPayload[];
    expect(await emitWithAck(watcher, 'subscribe', `odds:HKS01:${events[0]!.id}`)).toEqual({ ok: true });
    for (const event of events) {
      const model = event.model as { lambdaHome: number };
      await env.platform.db.updateTable('football_events').set({ model: JSON.stringify({ ...model, lambdaHome: model.lambdaHome * 0.8 }) }).where('id', '=', event.id).execute();
    }
    await football.tick(at(30));
    await atLeast(own, 1);
    await drained(env.platform, `odds:HKS01:${events[0]!.id}`, 'odds', own);
    watcher.close();
    expect(own.map((p) => p.eventId)).toEqual([String(events[0]!.id)]);
    expect((await drain()).map((p) => p.eventId)).toEqual(expect.arrayContaining(events.map((e) => String(e.id))));
  });

  it('skips its writes while another runner holds the tick', async () => {
    await env.platform.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${TICK_LOCK})`.execute(trx);
      const summary = await football.tick(at(40));
      expect(summary.skipped).toBe('busy');
    });
    expect((await football.tick(at(41))).skipped).toBeUndefined();
  });

  it('prunes history older than three days', async () => {
    const market = await env.platform.db.selectFrom('football_markets').select('id').executeTakeFirstOrThrow();
    await env.platform.db.insertInto('football_odds_history').values({ market_id: market.id, odds: JSON.stringify({ H: 2000 }), at: new Date(t0.getTime() - 4 * 86_400_000) }).execute();
    const fresh = createFootballService(env.platform, { random: seededRandom(1) });
    await fresh.tick(at(50));
    const old = await env.platform.db.selectFrom('football_odds_history').select('id').where('at', '<', new Date(t0.getTime() - 3 * 86_400_000)).execute();
    expect(old).toEqual([]);
  });
});
