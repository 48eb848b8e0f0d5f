import { BIG_SMALL_OPTIONS, ODD_EVEN_OPTIONS, type KenoOverrides, type KenoProduct, type SideOption } from './types.ts';

/**
 * A product with a deployment's changes laid over it: prize cells, side-bet prizes, caps, the
 * maximum multiplier, pricing. Objects merge key by key (so one prize cell can change alone);
 * arrays and plain values replace; `null` removes an optional rule. Every section the change
 * touches keeps its confidence unless the change sets one, and its source says what changed it.
 * The result is checked, so a typo in a deployment's table fails loudly instead of paying wrongly.
 *
 * Example — the 2026 Lantern Festival promotion raised 3★ full match to ×40:
 * `withOverrides(TWB01, { source: 'promo', prizeTable: { rows: { 3: { 3: 100_000 } } } })`
 * → TWB01 with `prizeTable.rows[3][3] === 100_000` (NT$1,000) and every other cell as before.
 */
export function withOverrides(product: KenoProduct, overrides: KenoOverrides): KenoProduct {
  const { source, ...changes } = overrides;
  if (!source.trim()) throw new RangeError('an override must say where it comes from (source)');
  const merged = merge(product, changes, source) as KenoProduct;
  const problems = kenoProductProblems(merged);
  if (problems.length) throw new RangeError(`${product.code} overrides rejected: ${problems.join('; ')}`);
  return merged;
}

function merge(base: unknown, patch: unknown, note: string): unknown {
  if (patch === undefined) return base;
  if (!isRecord(patch)) return patch;
  const from = isRecord(base) ? base : {};
  const out: Record<string, unknown> = { ...from };
  for (const [key, value] of Object.entries(patch)) out[key] = merge(from[key], value, note);
  if (typeof from.source === 'string' && !('source' in patch) && Object.keys(patch).length > 0) {
    out.source = `${from.source} Changed by the operator: ${note}.`;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isAmount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 1;

/**
 * What is wrong with a keno product's data, in plain words (empty when it is sound): amounts are
 * non-negative integers, every pickable star count has a prize row, every section says where it
 * comes from. Example: a table cell of `12.5` → `["prizeTable.rows.3.3 must be a whole amount"]`.
 */
export function kenoProductProblems(product: KenoProduct): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  const sourced = (section: unknown, path: string) => {
    const s = section as { confidence?: unknown; source?: unknown };
    need(['confirmed', 'medium', 'unconfirmed'].includes(s.confidence as string), `${path}.confidence is missing`);
    need(typeof s.source === 'string' && s.source.length > 0, `${path}.source is missing`);
  };
  const { matrix, picks, prizeTable, caps } = product;

  need(isCount(product.unitPrice), 'unitPrice must be a positive whole number of GP hundredths');
  need(isCount(product.unitStake.amount), 'unitStake.amount must be a positive whole amount');
  need(product.unitStake.currency === product.currency, `unitStake.currency must be ${product.currency}`);
  need(isCount(product.maxMultiplier.value), 'maxMultiplier.value must be a whole number ≥ 1');
  need(isCount(product.minimumUnits), 'minimumUnits must be a whole number ≥ 1');
  need(isCount(matrix.drawCount) && matrix.drawCount < matrix.poolSize, 'matrix must draw fewer numbers than its pool');
  need(isCount(picks.min) && picks.min <= picks.max && picks.max <= matrix.drawCount, 'picks must be 1 ≤ min ≤ max ≤ drawCount');
  for (const [path, section] of Object.entries({
    unitStake: product.unitStake,
    matrix,
    picks,
    maxMultiplier: product.maxMultiplier,
    prizeTable,
    sideBetNoWinner: product.sideBetNoWinner,
    caps,
  })) {
    sourced(section, path);
  }

  for (let stars = picks.min; stars <= picks.max; stars++) {
    need(prizeTable.rows[stars] !== undefined, `prizeTable.rows.${stars} is missing`);
  }
  for (const [stars, row] of Object.entries(prizeTable.rows)) {
    for (const [matches, prize] of Object.entries(row)) {
      need(isAmount(prize), `prizeTable.rows.${stars}.${matches} must be a whole amount`);
      need(Number(matches) >= 0 && Number(matches) <= Number(stars), `prizeTable.rows.${stars}.${matches}: cannot match more than ${stars}`);
    }
  }
  for (const [option, bet] of Object.entries(product.sideBets)) {
    need([...BIG_SMALL_OPTIONS, ...ODD_EVEN_OPTIONS].includes(option as SideOption), `sideBets.${option} is not a side bet`);
    sourced(bet, `sideBets.${option}`);
    need(isAmount(bet.prize) && typeof bet.offered === 'boolean', `sideBets.${option} needs a whole prize and offered`);
  }
  need(['lose', 'refund'].includes(product.sideBetNoWinner.rule), 'sideBetNoWinner.rule must be lose or refund');
  if (product.superNumber) {
    sourced(product.superNumber, 'superNumber');
    const { prize, maxNumbers, offered } = product.superNumber;
    need(isAmount(prize) && typeof offered === 'boolean', 'superNumber needs a whole prize and offered');
    need(Number.isSafeInteger(maxNumbers) && maxNumbers >= 0 && maxNumbers <= matrix.poolSize, 'superNumber.maxNumbers out of range');
  }
  if (caps.starPool) {
    need(isCount(caps.starPool.pool) && isCount(caps.starPool.roundTo), 'caps.starPool needs a positive pool and roundTo');
  }
  if (caps.perTicket) need(isCount(caps.perTicket.amount), 'caps.perTicket.amount must be positive');
  if (caps.sharedTopPrize) {
    const { pool, minTickets } = caps.sharedTopPrize;
    need(isCount(pool) && isCount(minTickets), 'caps.sharedTopPrize needs a positive pool and minTickets');
  }
  return problems;
}
