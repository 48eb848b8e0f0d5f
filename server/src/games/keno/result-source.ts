import crypto from 'node:crypto';
import { kenoResult, type KenoProduct, type KenoResult } from '@gp/common';

/**
 * Where a draw's numbers come from.
 * - `simulated`: derived from the draw's secret seed by `numbersFromSeed`. The seed's hash is
 *   public from the moment the draw is created (before its sales open), the seed is revealed with
 *   the result, so anyone can recompute the numbers and see they were fixed in advance (seed and
 *   hash: `platform/seed-commitment.ts`).
 * - `manual`: two staff members enter the official numbers (four eyes: `POST /api/admin/results`); the
 *   draw job leaves the draw alone.
 * - `feeds`: the official result feeds (server/src/feeds) publish it when two sources agree, or one
 *   source and one staff member; four-eyes entry stays the fallback. The draw job leaves it alone too.
 */
export interface ResultSource {
  readonly kind: 'simulated' | 'manual' | 'feeds';
  /** The result due at draw time, or `null` when it must come from elsewhere (the operator). */
  resultAtDrawTime(product: KenoProduct, seedHex: string): KenoResult | null;
}

/**
 * The simulated draw, a procedure anyone can repeat from the revealed seed:
 * 1. key = the 32 seed bytes; for counter = 0, 1, 2, … take block = HMAC-SHA256(key, counter as
 *    4-byte big-endian unsigned integer), 32 bytes each.
 * 2. Read each block byte b in order. Reject b ≥ 256 − (256 mod poolSize) (so every number is
 *    equally likely: 80 → accept b < 240; 70 → b < 210); else n = (b mod poolSize) + 1.
 * 3. Skip n if already drawn; otherwise it is the next number drawn. Stop at drawCount numbers.
 *
 * Example: 20 of 80 → 20 distinct numbers in 1–80 in draw order; the 20th is the super number.
 */
export function numbersFromSeed(seedHex: string, matrix: { drawCount: number; poolSize: number }): number[] {
  const key = Buffer.from(seedHex, 'hex');
  if (key.length !== 32) throw new RangeError('a draw seed is 32 bytes');
  const limit = 256 - (256 % matrix.poolSize);
  const drawn: number[] = [];
  const seen = new Set<number>();
  for (let counter = 0; drawn.length < matrix.drawCount; counter++) {
    const message = Buffer.alloc(4);
    message.writeUInt32BE(counter);
    for (const byte of crypto.createHmac('sha256', key).update(message).digest()) {
      if (byte >= limit) continue;
      const n = (byte % matrix.poolSize) + 1;
      if (seen.has(n)) continue;
      seen.add(n);
      drawn.push(n);
      if (drawn.length === matrix.drawCount) break;
    }
  }
  return drawn;
}

/** The result shape of API.md (the five-way odd/even outcome is the settlement's business). */
export function publicResult(product: KenoProduct, numbers: readonly number[]): KenoResult {
  const { superNumber, bigSmall, oddEven } = kenoResult(numbers, product.matrix);
  return { numbers: [...numbers], superNumber, bigSmall, oddEven };
}

export const simulatedResultSource: ResultSource = {
  kind: 'simulated',
  resultAtDrawTime: (product, seedHex) => publicResult(product, numbersFromSeed(seedHex, product.matrix)),
};

export const manualResultSource: ResultSource = {
  kind: 'manual',
  resultAtDrawTime: () => null,
};

export const feedsResultSource: ResultSource = {
  kind: 'feeds',
  resultAtDrawTime: () => null,
};

export const resultSourceFor = (kind: 'simulated' | 'manual' | 'feeds'): ResultSource => ({ simulated: simulatedResultSource, manual: manualResultSource, feeds: feedsResultSource })[kind];
