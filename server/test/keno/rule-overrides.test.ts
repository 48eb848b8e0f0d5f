import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { kenoCatalogue } from '../../src/games/keno/catalogue.ts';
import { apiClient } from '../http/api-client.ts';
import { testServer } from '../support/platform.ts';

const PROMO = JSON.stringify({ CAB01: { source: 'Autumn promotion 2026', prizeTable: { rows: { 1: { 1: 500 } } } } });

describe('operator changes to keno rules (KENO_RULE_OVERRIDES)', () => {
  it('a changed prize cell is what the product page shows and the quote prices, its source naming the change', async () => {
    const env = await testServer('embedded', { KENO_PRODUCTS: 'CAB01', KENO_RULE_OVERRIDES: PROMO });
    try {
      const api = apiClient(env.url);
      const product = (await api.get('/api/products/CAB01')).body;
      expect(product.rules.prizeTable.rows['1']).toEqual({ '1': 500 });
      expect(product.rules.prizeTable.rows['3']).toEqual({ '3': 2000, '2': 200 }); // untouched cells stay
      expect(product.rules.prizeTable.source).toContain('Changed by the operator: Autumn promotion 2026.');
    } finally {
      await env.stop();
    }
  });

  it('a change without a source, or one that breaks the table, stops start-up naming the product', () => {
    expect(() => loadConfig({ KENO_RULE_OVERRIDES: JSON.stringify({ CAB01: { prizeTable: {} } }) })).toThrow(/KENO_RULE_OVERRIDES/);
    const broken = loadConfig({ KENO_PRODUCTS: 'CAB01', KENO_RULE_OVERRIDES: JSON.stringify({ CAB01: { source: 'typo', prizeTable: { rows: { 3: { 3: 12.5 } } } } }) });
    expect(() => kenoCatalogue(broken)).toThrow(/KENO_RULE_OVERRIDES\.CAB01: .*prizeTable\.rows\.3\.3/);
  });
});
