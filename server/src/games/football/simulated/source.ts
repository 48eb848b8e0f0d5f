import type { KnownEvent, OddsSource, SourceEvent, SourceMarket } from '../source.ts';
import { fixturesBetween, type Fixture, type Simulation } from './fixtures.ts';
import { sourceMarkets } from './markets.ts';
import { walk, type MatchModel } from './model.ts';
import { shuffled, type Random } from './rng.ts';

export interface SimulatedSourceOptions {
  simulation: Simulation;
  /** FOOTBALL_SALES_CLOSE_LEAD_SECONDS: from then on the markets are suspended. */
  salesCloseLeadSeconds: number;
  /** The walk's randomness; tests pass a seeded one. */
  random?: Random;
}

/** A stored model, or null when the column holds something else (then the fixture's own model is used). */
export function asMatchModel(value: unknown): MatchModel | null {
  const m = value as Partial<MatchModel> | null;
  const positive = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x > 0;
  if (!m || !positive(m.lambdaHome) || !positive(m.lambdaAway) || !positive(m.baseHome) || !positive(m.baseAway) || !positive(m.cornersMean)) return null;
  if (typeof m.scorers !== 'object' || m.scorers === null) return null;
  return m as MatchModel;
}

/** A fixture as an odds source reports it. */
export function fixtureEvent(fixture: Fixture, model: MatchModel, markets: SourceMarket[]): SourceEvent {
  return {
    externalId: fixture.externalId,
    code: fixture.code,
    tournament: fixture.tournament.name,
    tournamentCode: fixture.tournament.code,
    home: fixture.home.name,
    away: fixture.away.name,
    names: { tournament: fixture.tournament.localNames, home: fixture.home.localNames, away: fixture.away.localNames },
    kickOffAt: fixture.kickOffAt,
    players: fixture.players,
    markets,
    model,
  };
}

/**
 * The simulated odds source: the fixtures of the next `aheadHours`, each priced from its model.
 * On every tick a share `moveShare` of the open events already stored takes one step of the
 * model's random walk (the poller stores the moved model: it is the only writer), so prices move
 * up and down and lines shift when the balance tips. From the sales close (kick-off minus the
 * lead) an event's markets are reported `suspended`.
 */
export function createSimulatedOddsSource(options: SimulatedSourceOptions): OddsSource {
  const { simulation } = options;
  const random = options.random ?? Math.random;
  const leadMs = options.salesCloseLeadSeconds * 1000;
  // Pricing takes about a millisecond per event; an unmoved event keeps its prices, so only the
  // moved ones are priced again.
  const priced = new Map<string, { key: string; markets: Omit<SourceMarket, 'status'>[] }>();

  function marketsOf(externalId: string, model: MatchModel, status: SourceMarket['status']): SourceMarket[] {
    const key = JSON.stringify(model);
    let entry = priced.get(externalId);
    if (entry?.key !== key) {
      entry = { key, markets: sourceMarkets(model, 'open').map(({ status: _open, ...market }) => market) };
      priced.set(externalId, entry);
    }
    return entry.markets.map((market) => ({ ...market, status }));
  }

  return {
    kind: 'simulated',
    async events(now: Date, known: ReadonlyMap<string, KnownEvent> = new Map()): Promise<SourceEvent[]> {
      const fixtures = fixturesBetween(now, new Date(now.getTime() + simulation.aheadHours * 3600_000), simulation);
      const onSale = (kickOffAt: Date) => now.getTime() < kickOffAt.getTime() - leadMs;
      const movable = fixtures.filter((f) => onSale(f.kickOffAt) && asMatchModel(known.get(f.externalId)?.model) !== null);
      const movers = new Set(shuffled(movable, random).slice(0, Math.round(simulation.moveShare * movable.length)).map((f) => f.externalId));

      const events = fixtures.map((fixture): SourceEvent => {
        const stored = asMatchModel(known.get(fixture.externalId)?.model) ?? fixture.model;
        const model = movers.has(fixture.externalId) ? walk(stored, random) : stored;
        return fixtureEvent(fixture, model, marketsOf(fixture.externalId, model, onSale(fixture.kickOffAt) ? 'open' : 'suspended'));
      });
      const reported = new Set(events.map((e) => e.externalId));
      for (const id of priced.keys()) if (!reported.has(id)) priced.delete(id);
      return events;
    },
  };
}
