import type { DrawWire, KenoProduct, KenoResult, LastResult, ProductDetail, ProductSummary } from '@gp/common';

/** A product's price rate and prize rate (see `KenoService.rates`). */
export type ProductRates = ProductSummary['rates'];
import type { DrawRow } from '../../db/types.ts';

/**
 * Presenters: rows and catalogue entries shaped as API.md shows them. The seed of a draw leaves
 * the server only once the draw is drawn; before that its hash is all anyone sees.
 */
export function presentDraw(row: DrawRow): DrawWire {
  const drawn = row.status === 'drawn';
  return {
    id: String(row.id),
    productCode: row.product_code,
    issue: row.issue,
    salesOpenAt: row.sales_open_at.toISOString(),
    salesCloseAt: row.sales_close_at.toISOString(),
    drawAt: row.draw_at.toISOString(),
    status: row.status,
    seedHash: row.seed_hash,
    ...(drawn && row.result ? { result: row.result as KenoResult } : {}),
    ...(drawn && row.result_source ? { resultSource: row.result_source } : {}),
    ...(drawn && row.seed ? { seed: row.seed } : {}),
    ...(drawn && row.drawn_at ? { drawnAt: row.drawn_at.toISOString() } : {}),
  };
}

export function lastResultOf(row: Pick<DrawRow, 'issue' | 'result' | 'drawn_at'>): LastResult {
  return { issue: row.issue, ...(row.result as KenoResult), drawnAt: (row.drawn_at ?? new Date(0)).toISOString() };
}

/** Dotted paths of every rule the reference does not confirm, so the UI can label them. */
function unconfirmedRules(product: KenoProduct): string[] {
  const sections: Record<string, { confidence: string } | null> = {
    unitStake: product.unitStake,
    matrix: product.matrix,
    picks: product.picks,
    maxMultiplier: product.maxMultiplier,
    prizeTable: product.prizeTable,
    sideBetNoWinner: product.sideBetNoWinner,
    superNumber: product.superNumber,
    caps: product.caps,
    ...Object.fromEntries(Object.entries(product.sideBets).map(([option, bet]) => [`sideBets.${option}`, bet ?? null])),
  };
  const paths = Object.entries(sections)
    .filter(([, section]) => section?.confidence === 'unconfirmed')
    .map(([path]) => path);
  const schedule = product.schedule.unconfirmed ?? (product.schedule.confidence === 'unconfirmed' ? ['schedule'] : []);
  return [...paths, ...schedule.map((fact) => (fact === 'schedule' ? fact : `schedule.${fact}`))];
}

function rules(product: KenoProduct) {
  const { schedule } = product;
  return {
    matrix: product.matrix,
    picks: product.picks,
    minimumUnits: product.minimumUnits,
    maxMultiplier: product.maxMultiplier,
    schedule: {
      intervalSeconds: schedule.intervalSeconds,
      dailyWindow: schedule.dailyWindow,
      salesCloseSeconds: schedule.salesCloseSeconds,
      confidence: schedule.confidence,
      unconfirmed: [...(schedule.unconfirmed ?? [])],
      source: schedule.source,
    },
    sideBets: { ...product.sideBets } as ProductSummary['rules']['sideBets'],
    superNumber: product.superNumber,
    unconfirmed: unconfirmedRules(product),
  };
}

export function presentProduct(product: KenoProduct, rates: ProductRates): ProductSummary {
  return {
    code: product.code,
    name: product.name,
    localName: product.localName,
    family: product.family,
    region: product.region,
    timezone: product.schedule.timezone,
    currency: product.currency,
    unitPrice: product.unitPrice,
    rates,
    rules: rules(product),
  };
}

export function presentProductDetail(product: KenoProduct, rates: ProductRates): ProductDetail {
  const summary = presentProduct(product, rates);
  return {
    ...summary,
    rules: {
      ...summary.rules,
      unitStake: product.unitStake,
      prizeTable: product.prizeTable as ProductDetail['rules']['prizeTable'],
      sideBetNoWinner: product.sideBetNoWinner,
      caps: product.caps,
    },
  };
}
