import { describe, expect, it } from 'vitest';
import { handicapRows, totalRows } from './line-tables.ts';

describe('split-line tables on the help page', () => {
  it('settles the home handicap lines exactly as the reference table (§1.3)', () => {
    expect(handicapRows()).toEqual([
      { line: '0.0/-0.5', outcomes: ['win', 'win', 'halfLoss', 'loss', 'loss'] },
      { line: '-0.5/-1.0', outcomes: ['win', 'halfWin', 'loss', 'loss', 'loss'] },
      { line: '-1.0/-1.5', outcomes: ['win', 'halfLoss', 'loss', 'loss', 'loss'] },
      { line: '0.0/+0.5', outcomes: ['win', 'win', 'halfWin', 'loss', 'loss'] },
      { line: '+0.5/+1.0', outcomes: ['win', 'win', 'win', 'halfLoss', 'loss'] },
    ]);
  });

  it('shows 2.5/3.0: three goals is a half win over and a half loss under, two goals loses over', () => {
    const rows = totalRows('2.5/3.0', [2, 3, 4]);
    expect(rows).toEqual([
      { total: 2, over: 'loss', under: 'win' },
      { total: 3, over: 'halfWin', under: 'halfLoss' },
      { total: 4, over: 'win', under: 'loss' },
    ]);
  });

  it('refuses a line that is not one', () => {
    expect(() => handicapRows(['-0.5/-1.5'])).toThrow(RangeError);
    expect(() => totalRows('-2.5')).toThrow(RangeError);
  });
});
