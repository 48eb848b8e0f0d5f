import type { DrawOverrides, DrawProduct } from './types.ts';

/**
 * A draw product with a deployment's changes (DRAW_RULE_OVERRIDES): putting 雙贏彩 back on sale
 * on simulated draws, a confirmed prize, the Mark Six Saturday→Sunday move, a cancelled draw, the
 * multi-draw limit. Every changed section's source says who changed it; the result is checked,
 * so a typo fails at boot instead of paying wrongly.
 *
 * Example: `withDrawOverrides(TWA05, { source: 'back office', availability: { onSale: true } })`
 * → 雙贏彩 on sale, its reason cleared.
 */
export function withDrawOverrides(product: DrawProduct, overrides: DrawOverrides): DrawProduct {
  const { source } = overrides;
  if (!source?.trim()) throw new RangeError('an override must say where it comes from (source)');
  const note = (text: string) => `${text} Changed by the operator: ${source}.`;
  let next: DrawProduct = { ...product };
  if (overrides.availability) {
    const onSale = overrides.availability.onSale ?? product.availability.onSale;
    next.availability = onSale ? { onSale: true, reason: null, reasonCode: null } : { ...product.availability, ...overrides.availability, onSale: false };
  }
  if (overrides.serviceFeeBasisPoints !== undefined) next.serviceFeeBasisPoints = overrides.serviceFeeBasisPoints;
  if (overrides.multiDraw) next.multiDraw = { ...product.multiDraw, ...overrides.multiDraw, source: note(product.multiDraw.source) };
  if (overrides.calendar) next.calendar = { ...product.calendar, ...overrides.calendar, source: note(product.calendar.source) };
  if (overrides.prizes) {
    const prizes = overrides.prizes;
    const patch = (table: DrawProduct['table']) => ({
      ...table,
      source: note(table.source),
      divisions: table.divisions.map((d) => (prizes[d.id] ? { ...d, prize: prizes[d.id]! } : d)),
    });
    next = { ...next, table: patch(product.table), plays: product.plays?.map((p) => ({ ...p, table: patch(p.table) })) ?? null };
  }
  const problems = drawProductProblems(next);
  if (problems.length) throw new RangeError(`${product.code} overrides rejected: ${problems.join('; ')}`);
  return next;
}

const isAmount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** What is wrong with a draw product's data, in plain words (empty when sound). */
export function drawProductProblems(product: DrawProduct): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };
  need(isAmount(product.unitStake.amount) && product.unitStake.amount > 0, 'unitStake.amount must be a positive whole amount');
  need(isAmount(product.serviceFeeBasisPoints) && product.serviceFeeBasisPoints <= 10_000, 'serviceFeeBasisPoints must be 0–10000');
  need(Number.isSafeInteger(product.multiDraw.max) && product.multiDraw.max >= 1 && product.multiDraw.max <= 52, 'multiDraw.max must be 1–52');
  need(product.calendar.weekdays.length > 0 && product.calendar.weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6), 'calendar.weekdays must be 0–6');
  need(/^([01]\d|2[0-3]):[0-5]\d$/.test(product.calendar.time), 'calendar.time must be HH:MM');
  need(Number.isSafeInteger(product.calendar.salesCloseMinutes) && product.calendar.salesCloseMinutes >= 0, 'calendar.salesCloseMinutes must be ≥ 0');
  const every = product.calendar.everyMinutes;
  if (every !== undefined) {
    need(Number.isSafeInteger(every) && every >= 1 && every <= 1440, 'calendar.everyMinutes must be 1–1440');
    need(product.calendar.salesCloseMinutes < every, 'calendar.salesCloseMinutes must be shorter than everyMinutes');
  }
  for (const date of [...product.calendar.cancelled, ...product.calendar.moves.flatMap((m) => [m.from, m.to])]) {
    need(/^\d{4}-\d{2}-\d{2}$/.test(date), `calendar date "${date}" must be YYYY-MM-DD`);
  }
  for (const table of [product.table, ...(product.plays?.map((p) => p.table) ?? [])]) {
    for (const d of table.divisions) {
      if (d.prize.kind === 'fixed') need(isAmount(d.prize.amount), `division ${d.id} needs a whole fixed amount`);
      else need(d.prize.estimate === null || isAmount(d.prize.estimate), `division ${d.id} estimate must be whole`);
    }
  }
  return problems;
}
