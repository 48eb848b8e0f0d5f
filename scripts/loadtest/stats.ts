/** Small statistics helpers for the load test: nearest-rank percentiles and summaries. */

export interface Summary {
  count: number;
  min: number;
  avg: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of `sorted` (ascending), `p` in 0..100; NaN for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  let total = 0;
  for (const value of list) total += value;
  return {
    count: list.length,
    min: list.length ? list[0]! : Number.NaN,
    avg: list.length ? total / list.length : Number.NaN,
    p50: percentile(list, 50),
    p99: percentile(list, 99),
    max: list.length ? list[list.length - 1]! : Number.NaN,
  };
}

/** `12.3` → "12", `1234.5` → "1,235"; NaN → "—". */
export function fmt(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** "p50 / p99 / max" in ms. */
export function fmtLatency(summary: Summary): string {
  return `${fmt(summary.p50)} / ${fmt(summary.p99)} / ${fmt(summary.max)} ms`;
}
