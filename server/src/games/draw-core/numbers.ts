import crypto from 'node:crypto';

/** `count` distinct numbers of 1..`poolSize`, chosen with the crypto RNG: a quick pick of keno or of a draw lottery's zone. */
export function autoNumbers(count: number, poolSize: number): number[] {
  const pool = Array.from({ length: poolSize }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + crypto.randomInt(poolSize - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}
