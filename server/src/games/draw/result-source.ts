import crypto from 'node:crypto';
import { divisionOdds, pickWeighted, type Division, type DrawProduct, type DrawResult } from '@gp/common';

/**
 * The simulated draw-lottery result, a procedure anyone can repeat from the revealed seed (as keno's):
 * 1. key = the 32 seed bytes. For zone z, blocks = HMAC-SHA256(key, "zone" z counter) for
 *    counter = 0, 1, … (z and counter as 4-byte big-endian), 32 bytes each.
 * 2. Read each byte b in order; reject b ≥ 256 − (256 mod poolSize); else n = (b mod poolSize) + 1;
 *    skip repeats. Zone 0 draws its numbers and then the extra numbers (Mark Six's extra, Loto's
 *    bonus) from what is left; other zones their own numbers.
 * 3. Power Play (USA01): the first byte of HMAC(key, "multiplier") / 256 picks the multiplier by
 *    weight (10× only when the jackpot is at most US$150M).
 */
export function resultFromSeed(product: DrawProduct, seedHex: string, jackpot: number | null): DrawResult {
  const key = Buffer.from(seedHex, 'hex');
  if (key.length !== 32) throw new RangeError('a draw seed is 32 bytes');
  const extraCount = product.extra?.count ?? 0;
  const zones = product.zones.map((zone, z) => drawn(key, z, zone.poolSize, zone.drawCount + (z === 0 ? extraCount : 0)));
  const main = zones[0]!;
  const result: DrawResult = { zones: [main.slice(0, main.length - extraCount), ...zones.slice(1)], extra: main.slice(main.length - extraCount) };
  const addOn = product.addOns[0];
  if (addOn) {
    const highest = Math.max(...addOn.multipliers.map((m) => m.value));
    const allowed = addOn.highestOnlyWhenJackpotAtMost !== null && (jackpot ?? 0) > addOn.highestOnlyWhenJackpotAtMost ? addOn.multipliers.filter((m) => m.value !== highest) : addOn.multipliers;
    const byte = crypto.createHmac('sha256', key).update('multiplier').digest()[0]!;
    result.multiplier = pickWeighted(allowed, byte / 256);
  }
  return result;
}

function drawn(key: Buffer, zone: number, poolSize: number, count: number): number[] {
  const limit = 256 - (256 % poolSize);
  const out: number[] = [];
  const seen = new Set<number>();
  for (let counter = 0; out.length < count; counter++) {
    const message = Buffer.alloc(8);
    message.writeUInt32BE(zone, 0);
    message.writeUInt32BE(counter, 4);
    for (const byte of crypto.createHmac('sha256', key).update(message).digest()) {
      if (byte >= limit) continue;
      const n = (byte % poolSize) + 1;
      if (seen.has(n)) continue;
      seen.add(n);
      out.push(n);
      if (out.length === count) break;
    }
  }
  return out;
}

/** Whole currency units: cents round to dollars, yen to hundreds of yen (prizes are announced that way). */
// Dollars (100 cents) or hundreds of yen: either way 100 minor units.
const roundTo = (_product: DrawProduct) => 100;

/**
 * Simulated per-unit pool amounts of a draw: about half of what the odds would pay (the share
 * lotteries return), spread over the pool divisions, ±20% from the seed; the jackpot division pays
 * the draw's jackpot. Deterministic from the seed, so a re-run gives the same amounts.
 * Example: Mark Six 2nd division (1 in 2,330,636, HK$10) → about HK$1.7M.
 */
export function simulatedPoolAmounts(product: DrawProduct, divisions: readonly Division[], odds: ReadonlyArray<{ division: number; probability: number }>, seedHex: string, jackpot: number | null): Record<number, number> {
  const pools = divisions.filter((d) => d.prize.kind === 'pool');
  const out: Record<number, number> = {};
  const digest = crypto.createHmac('sha256', Buffer.from(seedHex, 'hex')).update('pools').digest();
  pools.forEach((division, i) => {
    if (division.prize.kind === 'pool' && division.prize.jackpot) {
      out[division.id] = jackpot ?? division.prize.estimate ?? 0;
      return;
    }
    const p = odds.find((o) => o.division === division.id)?.probability ?? 1;
    const jitter = 0.8 + (digest[i % digest.length]! / 255) * 0.4;
    const raw = (product.unitStake.amount / p) * (0.5 / Math.max(1, pools.length)) * jitter;
    const unit = roundTo(product);
    out[division.id] = Math.max(unit, Math.round(raw / unit) * unit);
  });
  return out;
}

/**
 * The next draw's simulated jackpot: the base after a draw whose jackpot was won (1 chance in 6,
 * from the seed), else the previous one grown by 8–20%. Example: US Powerball US$20M → US$23M.
 */
export function nextSimulatedJackpot(product: DrawProduct, previous: number | null, seedHex: string): number | null {
  const base = product.baseJackpot?.amount ?? (product.table.divisions.find((d) => d.prize.kind === 'pool' && d.prize.jackpot)?.prize as { estimate?: number | null } | undefined)?.estimate ?? null;
  if (base === null) return null;
  const digest = crypto.createHmac('sha256', Buffer.from(seedHex, 'hex')).update('jackpot').digest();
  if (previous === null || digest[0]! < 256 / 6) return base;
  const grown = Math.round((previous * (1.08 + (digest[1]! / 255) * 0.12)) / 100_00) * 100_00;
  // A capped jackpot (EuroMillions, Loto 6/7) stops growing at its cap; the excess would go to the next division.
  return Math.min(product.jackpotCap?.amount ?? Number.MAX_SAFE_INTEGER, Math.max(base, grown));
}

/** The odds used for simulated amounts (cached per product). */
const oddsCache = new Map<string, ReturnType<typeof divisionOdds>>();
export function cachedOdds(product: DrawProduct, play?: string) {
  const key = `${product.code}:${play ?? ''}`;
  let odds = oddsCache.get(key);
  if (!odds) {
    odds = divisionOdds(product, play);
    oddsCache.set(key, odds);
  }
  return odds;
}

