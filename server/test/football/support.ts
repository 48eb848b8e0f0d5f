import type { Role } from '../../src/server.ts';
import type { Simulation } from '../../src/games/football/simulated/fixtures.ts';
import { slotMs } from '../../src/games/football/simulated/fixtures.ts';
import { testServer, type Mode } from '../support/platform.ts';

/** A small simulated book: a kick-off every 15 min, two hours ahead (8 events), no voids, half the events move per tick. */
export const SIMULATION: Simulation = { kickOffEveryMinutes: 15, aheadHours: 2, matchMinutes: 110, voidRate: 0, moveShare: 0.5 };
export const LEAD_SECONDS = 300;

export function footballEnv(simulation: Partial<Simulation> = {}, env: Record<string, string> = {}): Record<string, string> {
  return {
    FOOTBALL_SIMULATION: JSON.stringify({ ...SIMULATION, ...simulation }),
    FOOTBALL_SALES_CLOSE_LEAD_SECONDS: String(LEAD_SECONDS),
    ...env,
  };
}

/**
 * A server whose clock the test sets: `role` api by default, so no scheduler ticks behind the
 * test's back; the test drives ticks through the service with explicit times.
 */
export async function footballServer(mode: Mode, env: Record<string, string>, role: Role = 'api') {
  const server = await testServer(mode, env, role);
  let now: Date | null = null;
  server.platform.now = () => now ?? new Date();
  return {
    ...server,
    setNow(at: Date) {
      now = at;
    },
  };
}

/** The start of the next 15-minute slot after `at`, plus `offsetMs`: a time just after a kick-off on the grid. */
export function onGrid(at: Date, offsetMs = 60_000, simulation: Simulation = SIMULATION) {
  const size = slotMs(simulation);
  return new Date((Math.floor(at.getTime() / size) + 1) * size + offsetMs);
}
