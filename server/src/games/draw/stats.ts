import type { DrawProduct, DrawResult, DrawStats } from '@gp/common';

/** Pairs listed per zone: the most common ones. */
const TOP_PAIRS = 20;

/**
 * The number-master figures of a product from its past results (oldest first): per zone, how often
 * each number came up, draws since each was last seen, the commonest pairs (first zone), and per
 * draw how many numbers were odd and how many high (above half the pool).
 *
 * Example: three 今彩539 draws, 7 in the first and last → `frequency[6] = 2`, `sinceLast[6] = 0`.
 */
export function drawStats(owner: DrawProduct, productCode: string, draws: ReadonlyArray<{ issue: string; drawAt: Date; result: DrawResult }>): DrawStats {
  return {
    productCode,
    draws: draws.length,
    from: draws[0]?.drawAt.toISOString() ?? null,
    to: draws[draws.length - 1]?.drawAt.toISOString() ?? null,
    zones: owner.zones.map((zone, z) => {
      const frequency = new Array<number>(zone.poolSize).fill(0);
      const lastSeen = new Array<number>(zone.poolSize).fill(-1);
      const pairs = new Map<number, number>();
      const splits: DrawStats['zones'][number]['splits'] = [];
      draws.forEach((draw, index) => {
        const numbers = draw.result.zones[z] ?? [];
        for (const n of numbers) {
          if (n < 1 || n > zone.poolSize) continue;
          frequency[n - 1]!++;
          lastSeen[n - 1] = index;
        }
        if (z === 0 && numbers.length > 1) {
          const sorted = [...numbers].sort((a, b) => a - b);
          for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) {
            const key = sorted[i]! * 1000 + sorted[j]!;
            pairs.set(key, (pairs.get(key) ?? 0) + 1);
          }
        }
        splits.push({ issue: draw.issue, odd: numbers.filter((n) => n % 2 === 1).length, high: numbers.filter((n) => n > zone.poolSize / 2).length });
      });
      return {
        key: zone.key,
        poolSize: zone.poolSize,
        frequency,
        sinceLast: lastSeen.map((seen) => (seen < 0 ? draws.length : draws.length - 1 - seen)),
        pairs: [...pairs.entries()]
          .sort((a, b) => b[1] - a[1] || a[0] - b[0])
          .slice(0, TOP_PAIRS)
          .map(([key, count]) => ({ a: Math.floor(key / 1000), b: key % 1000, count })),
        splits,
      };
    }),
  };
}
