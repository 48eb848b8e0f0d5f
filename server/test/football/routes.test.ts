import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  correctScoreKey,
  footballEventDetailSchema,
  footballEventSchema,
  footballResultsPage,
  standingsSchema,
  type FootballEventWire,
  type MatchResult,
} from '@gp/common';
import { createFootballService } from '../../src/games/football/service.ts';
import { seededRandom } from '../../src/games/football/simulated/rng.ts';
import { apiClient } from '../http/api-client.ts';
import { footballEnv, footballServer, onGrid } from './support.ts';

describe('the public football routes', () => {
  let env: Awaited<ReturnType<typeof footballServer>>;
  let api: ReturnType<typeof apiClient>;
  const t0 = onGrid(new Date());

  beforeAll(async () => {
    // Form and tables read the whole first-start history (tests default to a few matches).
    env = await footballServer('embedded', footballEnv({ voidRate: 0.1 }, { FOOTBALL_HISTORY_MATCHES: '150' }));
    api = apiClient(env.url);
    env.setNow(t0);
    const football = createFootballService(env.platform, { random: seededRandom(11) });
    await football.tick(t0);
    for (let i = 1; i <= 5; i++) await football.tick(new Date(t0.getTime() + i * 10_000)); // some history
  });
  afterAll(() => env.stop());

  it('lists open and closed events by kick-off, every market with English labels and decimal odds, no seeds', async () => {
    const res = await api.get<FootballEventWire[]>('/api/football/events');
    expect(res.status).toBe(200);
    const events = z.array(footballEventSchema).parse(res.body);
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.every((e) => e.status === 'open' || e.status === 'closed')).toBe(true);
    expect(events.map((e) => e.kickOffAt)).toEqual([...events.map((e) => e.kickOffAt)].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/"seed"/);
    const open = events.find((e) => e.status === 'open')!;
    expect(open.source).toBe('simulated');
    expect(new Set(open.markets.map((m) => m.market)).size).toBe(14);
    const had = open.markets.find((m) => m.market === 'HAD')!;
    expect(had.selections.map((s) => [s.key, s.label])).toEqual([['H', 'Home'], ['D', 'Draw'], ['A', 'Away']]);
    expect(had.selections.every((s) => /^\d+\.\d{2}$/.test(s.odds))).toBe(true);
    const fgs = open.markets.find((m) => m.market === 'FGS')!;
    expect(fgs.selections.find((s) => s.key === '101')!.label).toBe(open.players.find((p) => p.code === '101')!.name);
    expect(open.markets.find((m) => m.market === 'HIL' && m.main)!.selections.map((s) => s.label)).toEqual(['High', 'Low']);
    expect((await api.get<FootballEventWire[]>('/api/football/events?status=open')).body.every((e) => e.status === 'open')).toBe(true);
  });

  it('refuses a bad query with 422 validation_failed, never 500', async () => {
    for (const path of ['/api/football/events?status=finished', '/api/football/results?page=0', '/api/football/results?pageSize=500', '/api/football/events/1?market=XYZ']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await api.get('/api/football/events/123456789')).body.error.code).toBe('not_found');
    expect((await api.get('/api/football/events/not-an-id')).body.error).toMatchObject({ code: 'validation_failed', fields: { id: 'invalid' } });
  });

  it('details an event: each team’s last five from our results, HAD probabilities without the margin, history oldest first', async () => {
    const [event] = (await api.get<FootballEventWire[]>('/api/football/events?status=open')).body;
    const res = await api.get(`/api/football/events/${event!.id}`);
    expect(res.status).toBe(200);
    const detail = footballEventDetailSchema.parse(res.body);
    const { H, D, A } = detail.analysis.probabilities!;
    expect(H + D + A).toBeCloseTo(1, 12);
    expect(detail.analysis.margin).toBeGreaterThan(0.1);
    expect(detail.analysis.margin).toBeLessThan(0.16);
    expect(detail.analysis.homeForm.length).toBeGreaterThan(0);
    expect(detail.analysis.homeForm.length).toBeLessThanOrEqual(5);
    for (const f of detail.analysis.homeForm) {
      expect(f.outcome).toBe(f.goalsFor > f.goalsAgainst ? 'W' : f.goalsFor === f.goalsAgainst ? 'D' : 'L');
      expect(new Date(f.kickOffAt).getTime()).toBeLessThan(new Date(detail.kickOffAt).getTime());
    }
    expect(detail.history.length).toBeGreaterThanOrEqual(15);
    expect(detail.history.map((h) => h.at)).toEqual([...detail.history.map((h) => h.at)].sort());

    const hdc = detail.markets.find((m) => m.market === 'HDC' && m.status === 'open')!;
    const narrowed = footballEventDetailSchema.parse((await api.get(`/api/football/events/${event!.id}?market=HDC&line=${encodeURIComponent(hdc.line!)}`)).body);
    expect(narrowed.history.length).toBeGreaterThan(0);
    expect(narrowed.history.every((h) => h.market === 'HDC' && h.line === hdc.line)).toBe(true);
    expect(narrowed.history.at(-1)!.odds).toEqual(Object.fromEntries(hdc.selections.map((s) => [s.key, s.odds])));
  });

  it('pages finished events newest first with what won: HAD and CRS from the score, every selection refunded when void', async () => {
    const res = await api.get('/api/football/results?page=1&pageSize=50');
    expect(res.status).toBe(200);
    const page = footballResultsPage.parse(res.body);
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThan(100);
    expect(page.items.map((i) => i.kickOffAt)).toEqual([...page.items.map((i) => i.kickOffAt)].sort().reverse());
    for (const item of page.items) {
      expect(item.seed).toMatch(/^[0-9a-f]{64}$/);
      const result = item.result as MatchResult;
      if (result.status !== 'played') {
        expect(item.settledMarkets.every((m) => m.winning.length === 0)).toBe(true);
        continue;
      }
      const ft = result.fullTime!;
      const had = item.settledMarkets.find((m) => m.market === 'HAD')!;
      expect(had.winning).toEqual([ft.home > ft.away ? 'H' : ft.home < ft.away ? 'A' : 'D']);
      expect(item.settledMarkets.find((m) => m.market === 'CRS')!.winning).toEqual([correctScoreKey(ft, 'fiveWay')]);
      expect(item.settledMarkets.find((m) => m.market === 'TTG')!.winning).toHaveLength(1);
    }
    expect(page.items.some((i) => i.status === 'postponed')).toBe(true);
    const epl = footballResultsPage.parse((await api.get('/api/football/results?tournament=EPL&pageSize=10')).body);
    expect(epl.items.every((i) => i.tournamentCode === 'EPL')).toBe(true);
    expect(epl.total).toBeLessThan(page.total);
  });

  it('computes league tables from our results: 3 points a win, 1 a draw, sorted by points then goal difference', async () => {
    const res = await api.get('/api/football/standings');
    expect(res.status).toBe(200);
    const tables = standingsSchema.parse(res.body);
    expect(tables.map((t) => t.tournamentCode).sort()).toEqual(['EPL', 'HKP', 'ITA', 'JPN', 'SPD']);
    let played = 0;
    for (const table of tables) {
      for (const row of table.rows) {
        expect(row.points).toBe(row.won * 3 + row.drawn);
        expect(row.played).toBe(row.won + row.drawn + row.lost);
        expect(row.form.length).toBe(Math.min(5, row.played));
        played += row.played;
      }
      const keys = table.rows.map((r) => [r.points, r.goalsFor - r.goalsAgainst]);
      for (let i = 1; i < keys.length; i++) {
        expect(keys[i - 1]![0]! > keys[i]![0]! || (keys[i - 1]![0] === keys[i]![0] && keys[i - 1]![1]! >= keys[i]![1]!)).toBe(true);
      }
    }
    const playedResults = await env.platform.db.selectFrom('football_events').select('id').where('status', '=', 'resulted').execute();
    expect(played).toBe(2 * playedResults.length);
  });

  it('names leagues and teams in Chinese on events, results and league tables (the simulated leagues have Chinese names)', async () => {
    const events = (await api.get<FootballEventWire[]>('/api/football/events')).body;
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => !e.names?.home?.['zh-TW'] || !e.names?.away?.['zh-CN'] || !e.names?.tournament?.['zh-TW'])).toEqual([]);
    const hkp = standingsSchema.parse((await api.get('/api/football/standings')).body).find((t) => t.tournamentCode === 'HKP')!;
    expect(hkp.names).toEqual({ 'zh-TW': '港超', 'zh-CN': '港超' });
    expect(hkp.rows.filter((r) => !r.names?.['zh-TW'])).toEqual([]);
    const results = footballResultsPage.parse((await api.get('/api/football/results')).body);
    expect(results.items[0]!.names?.home?.['zh-CN']).toBeTruthy();
  });
});
