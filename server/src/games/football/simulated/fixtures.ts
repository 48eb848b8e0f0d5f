import type { Config } from '../../../config.ts';
import { initialModel, type MatchModel } from './model.ts';
import { hashString, seededRandom, shuffled } from './rng.ts';
import { squad, TOURNAMENTS, type Club, type Tournament } from './teams.ts';

export type Simulation = Config['FOOTBALL_SIMULATION'];

/**
 * The simulated fixture list, a pure function of the time grid: one kick-off every
 * `kickOffEveryMinutes`, aligned to the Unix epoch, so every worker (and every restart) agrees on
 * the same matches without storing a schedule. Slot n kicks off at n × interval; tournaments take
 * the slots in turn, and each plays a round-robin: the pairs of one round are disjoint, so clubs
 * never meet themselves coming back from a match still in progress.
 */
export interface Fixture {
  slot: number;
  /** `sim-<slot>`. */
  externalId: string;
  /** `FB` + 4 digits. */
  code: string;
  tournament: Tournament;
  home: Club;
  away: Club;
  kickOffAt: Date;
  players: { code: string; name: string; team: 'H' | 'A' }[];
  model: MatchModel;
}

export const slotMs = (simulation: Simulation) => Math.max(1, Math.round(simulation.kickOffEveryMinutes * 60_000));

/** The pairs of round `r` of a circle-method round robin over `n` clubs (n even): every club plays once. */
function circleRound(n: number, r: number): Array<[number, number]> {
  const m = n - 1;
  const round = ((r % m) + m) % m;
  const pairs: Array<[number, number]> = [[n - 1, round]];
  for (let i = 1; i < n / 2; i++) pairs.push([(round + i) % m, (round - i + m) % m]);
  return pairs;
}

/** A round's pairs in an order and with home sides drawn from a hash of the round alone. */
function baseOrder(tournament: Tournament, round: number): Array<[number, number]> {
  const random = seededRandom(hashString(`${tournament.code}:${round}`));
  return shuffled(circleRound(tournament.clubs.length, round), random).map(([a, b]) => (random() < 0.5 ? [a, b] : [b, a]));
}

/**
 * A round's final order: its last `window` pairs stay as drawn, and its first `window` pairs are
 * ones that share no club with the previous round's last `window` pairs (whose matches may still
 * be running). Each round depends only on its own draw and the previous draw's tail, never on
 * a chain of earlier rounds.
 */
function roundOrder(tournament: Tournament, round: number, window: number): Array<[number, number]> {
  const base = baseOrder(tournament, round);
  if (window <= 0) return base;
  const busy = new Set(baseOrder(tournament, round - 1).slice(-window).flat());
  const tail = base.slice(-window);
  const middle = base.slice(0, base.length - window);
  const head = middle.filter(([a, b]) => !busy.has(a) && !busy.has(b)).slice(0, window);
  return [...head, ...middle.filter((pair) => !head.includes(pair)), ...tail];
}

/**
 * How many earlier matches of the same tournament may still be running at a kick-off. With the
 * defaults (a kick-off every 15 min, 5 tournaments, 110-min matches) it is 1, which 8 or more
 * clubs per league always satisfy; a denser grid than the clubs allow is served best-effort.
 */
function overlapWindow(simulation: Simulation): number {
  const spacing = slotMs(simulation) * TOURNAMENTS.length;
  return Math.max(0, Math.ceil((simulation.matchMinutes * 60_000) / spacing) - 1);
}

/** The fixture of slot `slot`. Example: with 15-min slots, slot 1,967,616 kicks off at 2026-02-12T00:00Z (`FB7616`). */
export function fixtureAt(slot: number, simulation: Simulation): Fixture {
  const tournament = TOURNAMENTS[((slot % TOURNAMENTS.length) + TOURNAMENTS.length) % TOURNAMENTS.length]!;
  const matchIndex = Math.floor(slot / TOURNAMENTS.length);
  const perRound = tournament.clubs.length / 2;
  const round = Math.floor(matchIndex / perRound);
  const [homeIndex, awayIndex] = roundOrder(tournament, round, overlapWindow(simulation))[matchIndex - round * perRound]!;
  const home = tournament.clubs[homeIndex]!;
  const away = tournament.clubs[awayIndex]!;
  const homeSquad = squad(tournament, home);
  const awaySquad = squad(tournament, away);
  const players = [
    ...homeSquad.map((p, i) => ({ code: String(101 + i), name: p.name, team: 'H' as const })),
    ...awaySquad.map((p, i) => ({ code: String(201 + i), name: p.name, team: 'A' as const })),
  ];
  const scorers = Object.fromEntries([
    ...homeSquad.map((p, i) => [String(101 + i), p.share] as const),
    ...awaySquad.map((p, i) => [String(201 + i), p.share] as const),
  ]);
  return {
    slot,
    externalId: `sim-${slot}`,
    code: `FB${String(((slot % 10_000) + 10_000) % 10_000).padStart(4, '0')}`,
    tournament,
    home,
    away,
    kickOffAt: new Date(slot * slotMs(simulation)),
    players,
    model: initialModel(home, away, scorers),
  };
}

/** Fixtures kicking off in `(from, until]`, in kick-off order. */
export function fixturesBetween(from: Date, until: Date, simulation: Simulation): Fixture[] {
  const size = slotMs(simulation);
  const fixtures: Fixture[] = [];
  for (let slot = Math.floor(from.getTime() / size) + 1; slot * size <= until.getTime(); slot++) fixtures.push(fixtureAt(slot, simulation));
  return fixtures;
}
