import type { SettledLine } from '@gp/common';
import { describe, expect, it } from 'vitest';
import { ball, kenoPlays, linesOfPlay, settlementSummary } from './order-plays.ts';

describe('keno plays of an order', () => {
  it('shows each play type with its numbers in ascending order', () => {
    expect(
      kenoPlays([
        { type: 'pick', stars: 3, numbers: [45, 1, 23] },
        { type: 'bigSmall', pick: 'big' },
        { type: 'oddEven', pick: 'odd' },
        { type: 'superNumber', numbers: [66, 7] },
      ]),
    ).toEqual([
      { type: 'pick', stars: 3, numbers: [1, 23, 45] },
      { type: 'bigSmall', pick: 'big' },
      { type: 'oddEven', pick: 'odd' },
      { type: 'superNumber', numbers: [7, 66] },
    ]);
  });

  it('survives entries it does not know instead of breaking the list', () => {
    expect(kenoPlays([null, 'x', { type: 'lotto', main: [1] }, { type: 'pick', numbers: [5, 'x', 2] }])).toEqual([
      { type: 'other' },
      { type: 'other' },
      { type: 'other' },
      { type: 'pick', stars: 2, numbers: [2, 5] },
    ]);
  });

  it('prints ball numbers with two digits', () => {
    expect([1, 10, 80].map(ball)).toEqual(['01', '10', '80']);
  });
});

describe('draw result of an order', () => {
  const line = (play: number, outcome: SettledLine['outcome']): SettledLine => ({
    play, type: 'pick', outcome, stake: 2500, basePrize: 0, prize: 0, adjustments: [],
  });

  it('groups settled lines by play and counts wins and refunds', () => {
    const lines = [line(0, 'win'), line(1, 'lose'), line(2, 'refund'), line(2, 'win')];
    expect(linesOfPlay(lines, 2)).toHaveLength(2);
    expect(settlementSummary(lines)).toEqual({ won: 2, refunded: 1, total: 4 });
  });
});
