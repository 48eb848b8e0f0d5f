import { describe, expect, it } from 'vitest';
import { kenoCodeFrom } from './keno-codes.ts';

describe('product of a results or rules link', () => {
  it('accepts a known code in any case and falls back to BINGO BINGO', () => {
    expect(kenoCodeFrom('CAB01')).toBe('CAB01');
    expect(kenoCodeFrom(' krb01 ')).toBe('KRB01');
    expect(kenoCodeFrom(null)).toBe('TWB01');
    expect(kenoCodeFrom('USA01')).toBe('TWB01');
  });
});
