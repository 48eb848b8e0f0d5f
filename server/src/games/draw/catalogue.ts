import { DRAW_PRODUCTS, isDrawCode, withDrawOverrides, type DrawCode, type DrawOverrides, type DrawProduct } from '@gp/common';
import type { Config } from '../../config.ts';

/**
 * The draw lotteries this deployment lists (DRAW_PRODUCTS), each with the operator's changes
 * (DRAW_RULE_OVERRIDES: putting 雙贏彩 on sale, a Mark Six Saturday moved to Sunday, a confirmed
 * prize). Built once at boot: a bad override throws a RangeError naming the product.
 * 39樂合彩 (TWA04) draws on 今彩539's (TWA03) draws, so listing TWA04 schedules TWA03's draws too.
 */
export type DrawCatalogue = ReadonlyMap<DrawCode, DrawProduct>;

export function drawCatalogue(config: Pick<Config, 'DRAW_PRODUCTS'> & Partial<Pick<Config, 'DRAW_RULE_OVERRIDES'>>): DrawCatalogue {
  const products = new Map<DrawCode, DrawProduct>();
  for (const code of config.DRAW_PRODUCTS) {
    const rules = config.DRAW_RULE_OVERRIDES?.[code];
    try {
      products.set(code, rules ? withDrawOverrides(DRAW_PRODUCTS[code], rules as unknown as DrawOverrides) : DRAW_PRODUCTS[code]);
    } catch (error) {
      throw new RangeError(`DRAW_RULE_OVERRIDES.${code}: ${(error as Error).message}`);
    }
  }
  return products;
}

export function findDrawProduct(catalogue: DrawCatalogue, code: string): DrawProduct | undefined {
  return isDrawCode(code) ? catalogue.get(code) : undefined;
}

/** The product whose draws `product` plays: itself, or 今彩539 for 39樂合彩. */
export const drawingProductOf = (product: DrawProduct): DrawCode => product.drawOf ?? product.code;

/** The products that own draws (those without `drawOf`), plus the ones only others need (TWA03 for TWA04). */
export function drawingCodes(catalogue: DrawCatalogue): DrawCode[] {
  return [...new Set([...catalogue.values()].map(drawingProductOf))];
}
