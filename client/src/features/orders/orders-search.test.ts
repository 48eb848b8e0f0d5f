import { describe, expect, it } from 'vitest';
import { ordersApiPath, ordersSearch, parseOrdersSearch, withFilter } from './orders-search.ts';

const parse = (query: string) => parseOrdersSearch(new URLSearchParams(query));

describe('orders list link', () => {
  it('reads status, product and page from the query string', () => {
    expect(parse('status=2&productCode=twb01&page=3')).toEqual({ status: 2, productCode: 'TWB01', page: 3 });
  });

  it('drops what the server would refuse: unknown status, odd product code, bad page', () => {
    expect(parse('status=5&productCode=x;drop&page=-2')).toEqual({ status: null, productCode: null, page: 1 });
    expect(parse('status=&page=1.5')).toEqual({ status: null, productCode: null, page: 1 });
  });

  it('keeps status 0 (pending confirmation), which is falsy but a real filter', () => {
    expect(parse('status=0').status).toBe(0);
    expect(ordersSearch({ status: 0, productCode: null, page: 1 }).toString()).toBe('status=0');
  });

  it('writes the plain list as /orders, without default values', () => {
    expect(ordersSearch({ status: null, productCode: null, page: 1 }).toString()).toBe('');
    expect(ordersSearch({ status: 9, productCode: 'CAB01', page: 2 }).toString()).toBe('status=9&productCode=CAB01&page=2');
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(withFilter({ status: null, productCode: null, page: 4 }, { status: 2 })).toEqual({ status: 2, productCode: null, page: 1 });
  });

  it('asks the API for one page of the filter', () => {
    expect(ordersApiPath({ status: 8, productCode: null, page: 1 }, 10)).toBe('/api/orders?status=8&page=1&pageSize=10');
  });
});
