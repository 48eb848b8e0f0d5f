/**
 * Small deterministic random sources for the simulation. Fixtures and odds movement must repeat
 * exactly from a seed (tests, and every worker agreeing on the same fixture list), which
 * `Math.random` cannot give; none of this is used where unpredictability matters (event seeds
 * come from `crypto`).
 */

/** A uniform source in [0, 1). */
export type Random = () => number;

/** FNV-1a over the UTF-16 units of `text`: a stable 32-bit seed from any string (`'EPL:12'`). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a fast 32-bit generator, good enough for simulation. `seededRandom(1)()` is always the same number. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Poisson draw by inversion: fine for the small means of goals and corners. */
export function poisson(random: Random, mean: number): number {
  const u = random();
  let k = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  while (u > cumulative && k < 100) {
    k += 1;
    p *= mean / k;
    cumulative += p;
  }
  return k;
}

/** A copy of `items` in an order fixed by `random` (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
