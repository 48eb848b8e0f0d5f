import { describe, expect, it } from 'vitest';
import { fixtureAt, fixturesBetween, slotMs } from '../../src/games/football/simulated/fixtures.ts';
import { TOURNAMENTS } from '../../src/games/football/simulated/teams.ts';

const DEFAULTS = { kickOffEveryMinutes: 15, aheadHours: 24, matchMinutes: 110, voidRate: 0.02, moveShare: 0.25 };

describe('the simulated fixture list', () => {
  it('is the same on every call: a pure function of the time grid', () => {
    const from = new Date('2026-03-01T00:00:00Z');
    const until = new Date('2026-03-02T00:00:00Z');
    const a = fixturesBetween(from, until, DEFAULTS);
    const b = fixturesBetween(from, until, DEFAULTS);
    expect(a.map((f) => [f.externalId, f.home.name, f.away.name, f.players])).toEqual(b.map((f) => [f.externalId, f.home.name, f.away.name, f.players]));
    expect(a).toHaveLength(96); // one kick-off every 15 minutes
  });

  it('kicks off on the epoch-aligned grid with a sim-<slot> id and an FB + 4-digit code', () => {
    const fixture = fixtureAt(1_967_616, DEFAULTS);
    expect(fixture.kickOffAt.toISOString()).toBe('2026-02-12T00:00:00.000Z');
    expect(fixture.externalId).toBe('sim-1967616');
    expect(fixture.code).toBe('FB7616');
    expect(fixturesBetween(new Date('2026-02-12T00:00:00Z'), new Date('2026-02-12T01:00:00Z'), DEFAULTS).map((f) => f.kickOffAt.getTime() % slotMs(DEFAULTS))).toEqual([0, 0, 0, 0]);
  });

  it('plays four to five tournaments of eight to ten clubs, a club never against itself', () => {
    expect(TOURNAMENTS.map((t) => t.code)).toEqual(['EPL', 'SPD', 'ITA', 'JPN', 'HKP']);
    for (const t of TOURNAMENTS) expect(t.clubs.length).toBeGreaterThanOrEqual(8);
    const week = fixturesBetween(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-08T00:00:00Z'), DEFAULTS);
    for (const f of week) {
      expect(f.home.name).not.toBe(f.away.name);
      expect(f.tournament.clubs).toContain(f.home);
      expect(f.tournament.clubs).toContain(f.away);
    }
    expect(new Set(week.map((f) => f.tournament.code)).size).toBe(5);
  });

  it('never puts a club in two matches that overlap (kick-offs less than a match length apart)', () => {
    const fixtures = fixturesBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), DEFAULTS);
    const clashes: string[] = [];
    for (let i = 0; i < fixtures.length; i++) {
      const f = fixtures[i]!;
      for (let j = i + 1; j < fixtures.length && fixtures[j]!.kickOffAt.getTime() - f.kickOffAt.getTime() < DEFAULTS.matchMinutes * 60_000; j++) {
        const g = fixtures[j]!;
        if ([g.home.name, g.away.name].some((club) => club === f.home.name || club === f.away.name)) clashes.push(`${f.code}/${g.code}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('names four scorers a side, coded 1xx at home and 2xx away, whose shares cover all of a team’s goals', () => {
    const fixture = fixtureAt(2_000_003, DEFAULTS);
    expect(fixture.players.map((p) => p.code)).toEqual(['101', '102', '103', '104', '201', '202', '203', '204']);
    expect(fixture.players.every((p) => (p.team === 'H') === p.code.startsWith('1'))).toBe(true);
    const shares = (prefix: string) => Object.entries(fixture.model.scorers).filter(([c]) => c.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);
    expect(shares('1')).toBeCloseTo(1, 9);
    expect(shares('2')).toBeCloseTo(1, 9);
    expect(fixture.model.lambdaHome).toBeGreaterThan(0.3);
  });
});
