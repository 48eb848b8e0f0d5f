import type { OrderPlumbing } from '../orders/service.ts';
import type { Platform } from '../platform/platform.ts';
import { createDrawFamily } from './draw/family.ts';
import { createFootballFamily } from './football/family.ts';
import { createKenoFamily } from './keno/family.ts';
import { createGameRegistry } from './registry.ts';

export type Games = ReturnType<typeof createGames>;

/**
 * The game families this platform sells, each built once, and the registry that chooses among
 * them. A new family is its folder and one line here (built, then listed in the registry, before
 * keno: keno takes every product code no other family claims).
 */
export function createGames(platform: Platform, deps: { plumbing: OrderPlumbing }) {
  const draw = createDrawFamily(platform, deps);
  const football = createFootballFamily(platform, deps);
  const keno = createKenoFamily(platform, { ...deps, moreProducts: () => draw.service.summaries() });
  return { registry: createGameRegistry([draw, football, keno]), draw, football, keno };
}
