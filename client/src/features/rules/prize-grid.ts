/**
 * A prize table (`rows[stars][matches]`, minor units per unit staked) laid out as a grid: one row
 * per star count played, one column per number matched, highest first; a missing cell pays nothing.
 *
 * @example prizeGrid({ 2: { 2: 7500, 1: 2500 }, 1: { 1: 5000 } })
 * // → { matches: [2, 1], rows: [{ stars: 1, cells: [null, 5000] }, { stars: 2, cells: [7500, 2500] }] }
 */
export function prizeGrid(rows: Readonly<Record<string, Readonly<Record<string, number>>>>) {
  const stars = Object.keys(rows).map(Number).filter(Number.isInteger).sort((a, b) => a - b);
  const matchSet = new Set<number>();
  for (const row of Object.values(rows)) for (const key of Object.keys(row)) matchSet.add(Number(key));
  const matches = [...matchSet].filter(Number.isInteger).sort((a, b) => b - a);
  return {
    matches,
    rows: stars.map((star) => ({ stars: star, cells: matches.map((m) => rows[String(star)]?.[String(m)] ?? null) })),
  };
}
