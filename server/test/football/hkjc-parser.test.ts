import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseLine, parseMatchList, selectionKey } from '../../src/games/football/hkjc/parse.ts';
import { createHkjcOddsSource, MAX_ODDS_TYPES_PER_CALL, ODDS_TYPE_GROUPS } from '../../src/games/football/hkjc/source.ts';
import type { SourceEvent } from '../../src/games/football/source.ts';

const RECORDED = path.resolve(import.meta.dirname, '../../src/games/football/hkjc/recorded');
const recorded = (name: string) => JSON.parse(fs.readFileSync(path.join(RECORDED, name), 'utf8')) as unknown;
const fileOf = (types: readonly string[]) => `match-list-${types.map((t) => t.toLowerCase()).join('-')}.json`;

/** Replays the recorded answer of each call, as the real feed would answer it. */
function recordedSource(calls: string[][] = []) {
  return createHkjcOddsSource({
    url: 'https://info.cld.hkjc.com/graphql/base/',
    transport: async (_url, body) => {
      const types = (JSON.parse(body) as { variables: { fbOddsTypes: string[] } }).variables.fbOddsTypes;
      calls.push(types);
      return recorded(fileOf(types));
    },
  });
}
const market = (event: SourceEvent, code: string, line: string | null = null) => event.markets.find((m) => m.market === code && m.line === line);

describe('the HKJC feed adapter', () => {
  it('asks for at most four odds types per call, covers all 14 markets, and merges the answers per match', async () => {
    const calls: string[][] = [];
    const events = await recordedSource(calls).events(new Date());
    expect(calls).toEqual(ODDS_TYPE_GROUPS.map((g) => [...g]));
    expect(calls.every((c) => c.length <= MAX_ODDS_TYPES_PER_CALL)).toBe(true);
    expect(events.map((e) => e.code)).toEqual(['FB1001', 'FB1002', 'FB1003']);
    const [first] = events;
    expect(first).toMatchObject({
      externalId: '50071001',
      tournament: 'English Premier League',
      tournamentCode: 'EPL',
      home: 'Northport City',
      away: 'Riverside Athletic',
      kickOffAt: new Date('2026-06-14T11:30:00.000Z'),
    });
    expect(new Set(first!.markets.map((m) => m.market)).size).toBe(14);
  });

  it('reads prices as integer thousandths and writes lines as parseLine reads them (-0.5/-1 → -0.5/-1.0)', async () => {
    const [first] = await recordedSource().events(new Date());
    expect(market(first!, 'HAD')).toEqual({ market: 'HAD', line: null, main: true, status: 'open', odds: { H: 2050, A: 3100, D: 3300 } });
    expect(market(first!, 'HDC', '-0.5/-1.0')).toMatchObject({ main: true, status: 'open', odds: { H: 1950, A: 1850 } });
    expect(market(first!, 'HHA', '-1.0')?.odds).toEqual({ H: 4000, D: 3850, A: 1620 });
    expect(market(first!, 'FHL', '1.0/1.5')?.odds).toEqual({ H: 2100, L: 1700 });
    expect(market(first!, 'CHL', '9.5')).toBeDefined();
    expect(normaliseLine('0/-0.5', 'handicap')).toBe('0.0/-0.5');
    expect(normaliseLine('+2/+2.5', 'handicap')).toBe('+2.0/+2.5');
    expect(normaliseLine('1', 'wholeHandicap')).toBe('+1.0');
    expect(normaliseLine('-0.5', 'wholeHandicap')).toBeNull();
    expect(normaliseLine('-2.5', 'total')).toBeNull();
  });

  it('keeps several lines of a market with the one marked main, and a suspended line as suspended', async () => {
    const [first] = await recordedSource().events(new Date());
    const hil = first!.markets.filter((m) => m.market === 'HIL');
    expect(hil.map((m) => [m.line, m.main])).toEqual([['2.5', true], ['3.5', false]]);
    expect(market(first!, 'HDC', '0.0/-0.5')).toMatchObject({ main: false, status: 'suspended', odds: { H: 1620, A: 2250 } });
  });

  it('reads correct scores 01:00 as 1:0 with the five "others", FCS with the three, and drops IRRATIONAL scores', async () => {
    const [first, inPlay] = await recordedSource().events(new Date());
    const crs = market(first!, 'CRS')!.odds;
    expect(Object.keys(crs)).toHaveLength(33);
    expect(crs['1:0']).toBe(8000);
    expect(['HO', 'OHN', 'DO', 'AO', 'OAN'].every((k) => k in crs)).toBe(true);
    expect(Object.keys(market(first!, 'FCS')!.odds)).toHaveLength(31);
    const live = market(inPlay!, 'CRS')!.odds;
    expect(Object.keys(live)).toHaveLength(27);
    expect(live).not.toHaveProperty('0:0');
    expect(selectionKey('CRS', 'S0201')).toBe('2:1');
    expect(selectionKey('CRS', 'SM1MH')).toBe('HO');
  });

  it('takes FGS players with their names (1xx home, 2xx away) and 000 as no first scorer; TTG, OOE, FTS and HFT keys as ours', async () => {
    const [first] = await recordedSource().events(new Date());
    expect(first!.players).toContainEqual({ code: '101', name: 'J. Smith', team: 'H' });
    expect(first!.players).toContainEqual({ code: '203', name: 'P. Lindqvist', team: 'A' });
    expect(market(first!, 'FGS')!.odds).toMatchObject({ '101': 3800, N: 12000 });
    expect(Object.keys(market(first!, 'TTG')!.odds)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7+']);
    expect(market(first!, 'OOE')!.odds).toEqual({ O: 1850, E: 1850 });
    expect(market(first!, 'FTS')!.odds).toEqual({ H: 1720, A: 2250, N: 12000 });
    expect(Object.keys(market(first!, 'HFT')!.odds)).toHaveLength(9);
    expect(selectionKey('HFT', 'H:D')).toBe('HD');
    expect(selectionKey('OOE', 'EVEN')).toBe('E');
  });

  it('ignores pools outside the 14 (NTS, CHD) and reports a pool that stopped selling as suspended', async () => {
    const [first, inPlay] = await recordedSource().events(new Date());
    expect(first!.markets.some((m) => !['HAD', 'FHA', 'HHA', 'HDC', 'HIL', 'FHL', 'CHL', 'CRS', 'FCS', 'FTS', 'TTG', 'OOE', 'FGS', 'HFT'].includes(m.market))).toBe(false);
    expect(market(inPlay!, 'HDC', '-0.5/-1.0')).toMatchObject({ status: 'suspended' });
    expect(market(inPlay!, 'HAD')).toMatchObject({ status: 'open' });
  });

  it('reports a voided match as void, with its refunded pool dropped', async () => {
    const events = parseMatchList(recorded('match-list-had-fha-hha-hdc.json'));
    const voided = events.find((e) => e.code === 'FB1003')!;
    expect(voided.voided).toBe('void');
    expect(voided.markets).toEqual([]);
  });

  it('fails the whole tick on a feed error (DOWNSTREAM_SERVICE_ERROR) rather than report a partial list', async () => {
    expect(() => parseMatchList(recorded('downstream-error.json'))).toThrow(/DOWNSTREAM_SERVICE_ERROR/);
    let call = 0;
    const source = createHkjcOddsSource({
      url: 'x',
      transport: async (_url, body) => {
        call += 1;
        const types = (JSON.parse(body) as { variables: { fbOddsTypes: string[] } }).variables.fbOddsTypes;
        return call === 2 ? recorded('downstream-error.json') : recorded(fileOf(types));
      },
    });
    await expect(source.events(new Date())).rejects.toThrow(/DOWNSTREAM_SERVICE_ERROR/);
  });
});
