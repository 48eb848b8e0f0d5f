import crypto from 'node:crypto';

/**
 * An outsider's check of a simulated draw, written from the procedure documented in
 * `server/src/games/keno/result-source.ts` (not by calling it): sha256(seed bytes) must be the published
 * hash, and the HMAC-SHA256 stream with rejection sampling must give the published numbers.
 */
export function verifyDraw(seedHex: string, drawCount: number, poolSize: number) {
  const key = Buffer.from(seedHex, 'hex');
  const hash = crypto.createHash('sha256').update(key).digest('hex');
  const numbers: number[] = [];
  for (let counter = 0; numbers.length < drawCount; counter++) {
    const block = crypto.createHmac('sha256', key).update(Buffer.from([counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255])).digest();
    for (const byte of block) {
      if (numbers.length === drawCount) break;
      if (byte >= 256 - (256 % poolSize)) continue;
      const n = (byte % poolSize) + 1;
      if (!numbers.includes(n)) numbers.push(n);
    }
  }
  return { hash, numbers };
}
