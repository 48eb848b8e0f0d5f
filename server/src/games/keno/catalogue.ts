import { isKenoCode, KENO_PRODUCTS, withOverrides, withScheduleOverride, type KenoCode, type KenoOverrides, type KenoProduct } from '@gp/common';
import type { Config } from '../../config.ts';

/**
 * The keno products this deployment sells (KENO_PRODUCTS), each with the operator's rule changes
 * (KENO_RULE_OVERRIDES, noted in each changed fact's source) and its schedule override
 * (KENO_SCHEDULE_OVERRIDES) applied. Built once at boot: a bad override throws a RangeError
 * naming the product, before anything is scheduled or sold on it.
 *
 * Example: `{ CAB01: { intervalSeconds: 4, salesCloseSeconds: 1 } }` → CAB01 draws every 4 s,
 * sales closing 1 s before each draw; its issue numbering is unchanged.
 */
export type KenoCatalogue = ReadonlyMap<KenoCode, KenoProduct>;

export function kenoCatalogue(config: Pick<Config, 'KENO_PRODUCTS' | 'KENO_SCHEDULE_OVERRIDES'> & Partial<Pick<Config, 'KENO_RULE_OVERRIDES'>>): KenoCatalogue {
  const products = new Map<KenoCode, KenoProduct>();
  for (const code of config.KENO_PRODUCTS) {
    const rules = config.KENO_RULE_OVERRIDES?.[code];
    let base = KENO_PRODUCTS[code];
    try {
      if (rules) base = withOverrides(base, rules as unknown as KenoOverrides);
    } catch (error) {
      throw new RangeError(`KENO_RULE_OVERRIDES.${code}: ${(error as Error).message}`);
    }
    const override = config.KENO_SCHEDULE_OVERRIDES[code];
    if (!override) {
      products.set(code, base);
      continue;
    }
    try {
      products.set(code, Object.freeze({ ...base, schedule: withScheduleOverride(base.schedule, override) }));
    } catch (error) {
      throw new RangeError(`KENO_SCHEDULE_OVERRIDES.${code}: ${(error as Error).message}`);
    }
  }
  return products;
}

/** The product `code` names if this deployment sells it: `findProduct(catalogue, 'CAB01')`; any other text → `undefined`. */
export function findProduct(catalogue: KenoCatalogue, code: string): KenoProduct | undefined {
  return isKenoCode(code) ? catalogue.get(code) : undefined;
}
