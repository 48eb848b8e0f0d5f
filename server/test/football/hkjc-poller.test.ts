import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FootballEventWire } from '@gp/common';
import { createHkjcOddsSource } from '../../src/games/football/hkjc/source.ts';
import { createFootballService } from '../../src/games/football/service.ts';
import { apiClient } from '../http/api-client.ts';
import { footballEnv, footballServer } from './support.ts';

const RECORDED = path.resolve(import.meta.dirname, '../../src/games/football/hkjc/recorded');
type Feed = { data: { matches: Array<{ frontEndId: string; status: string }> } };

/** The recorded answers, with `edit` applied to each (a later poll of the same feed). */
function feed(edit: (answer: Feed) => void = () => undefined) {
  return createHkjcOddsSource({
    url: 'https://info.cld.hkjc.com/graphql/base/',
    transport: async (_url, body) => {
      const types = (JSON.parse(body) as { variables: { fbOddsTypes: string[] } }).variables.fbOddsTypes;
      const answer = JSON.parse(fs.readFileSync(path.join(RECORDED, `match-list-${types.map((t) => t.toLowerCase()).join('-')}.json`), 'utf8')) as Feed;
      edit(answer);
      return answer;
    },
  });
}

describe('the odds poller on the HKJC feed', () => {
  let env: Awaited<ReturnType<typeof footballServer>>;
  const now = new Date('2026-06-14T03:00:00Z'); // morning in Hong Kong: all three matches still ahead

  beforeAll(async () => {
    env = await footballServer('embedded', footballEnv({}, { ODDS_SOURCE: 'hkjc', FOOTBALL_RESULT_SOURCE: 'manual' }));
    env.setNow(now);
  });
  afterAll(() => env.stop());

  it('stores the matches on sale with their markets, skips one already voided, and keeps no seed', async () => {
    const football = createFootballService(env.platform, { oddsSource: feed() });
    const summary = await football.tick(now);
    expect(summary).toMatchObject({ reported: 3, created: 2, voided: 0 });
    const events = (await apiClient(env.url).get<FootballEventWire[]>('/api/football/events')).body;
    expect(events.map((e) => e.code)).toEqual(['FB1002', 'FB1001']);
    const first = events.find((e) => e.code === 'FB1001')!;
    expect(first).toMatchObject({ source: 'hkjc', home: 'Northport City', tournamentCode: 'EPL', seedHash: null });
    expect(first.markets.find((m) => m.market === 'HDC' && m.line === '-0.5/-1.0')).toMatchObject({ status: 'open', main: true });
    expect(first.markets.find((m) => m.market === 'HDC' && m.line === '0.0/-0.5')).toMatchObject({ status: 'suspended' });
    expect(first.markets.find((m) => m.market === 'FGS')!.selections.find((s) => s.key === '101')!.label).toBe('J. Smith');
  });

  it('stores the feed\'s Chinese league and team names with the event; one stored without names takes them on the next poll', async () => {
    const football = createFootballService(env.platform, { oddsSource: feed() });
    const names = async (code: string) =>
      (await apiClient(env.url).get<FootballEventWire[]>('/api/football/events')).body.find((e) => e.code === code)!.names;
    expect(await names('FB1001')).toEqual({ tournament: { 'zh-TW': '英格蘭超級聯賽' }, home: { 'zh-TW': '北港城' }, away: { 'zh-TW': '河畔競技' } });
    // As an event stored before migration 0009 has it.
    await env.platform.db.updateTable('football_events').set({ names: '{}' }).where('code', '=', 'FB1002').execute();
    expect(await names('FB1002')).toEqual({});
    await football.tick(new Date(now.getTime() + 5_000));
    expect((await names('FB1002'))?.home?.['zh-TW']).toBeTruthy();
  });

  it('voids an event the feed reports voided: status, result source hkjc, markets closed, settlement hook called', async () => {
    const calls: string[] = [];
    const football = createFootballService(env.platform, {
      oddsSource: feed((answer) => answer.data.matches.filter((m) => m.frontEndId === 'FB1001').forEach((m) => (m.status = 'MATCHVOIDED'))),
      afterResulted: async (id) => void calls.push(String(id)),
    });
    const summary = await football.tick(new Date(now.getTime() + 10_000));
    expect(summary.voided).toBe(1);
    const row = await env.platform.db.selectFrom('football_events').selectAll().where('code', '=', 'FB1001').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'void', result_source: 'hkjc', result: { status: 'void' } });
    expect(calls).toEqual([String(row.id)]);
    const open = await env.platform.db.selectFrom('football_markets').select('id').where('event_id', '=', row.id).where('status', '<>', 'closed').execute();
    expect(open).toEqual([]);
  });
});
