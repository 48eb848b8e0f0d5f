/**
 * A uniform integer in [0, bound), from the crypto RNG: the quick picks of keno and the draw
 * lotteries and the number generator draw from it. Values at or above the largest multiple of
 * `bound` are thrown back, so no number is likelier than another (no modulo bias).
 */
export function cryptoRandomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % bound;
  }
}
