import { describe, expect, it } from 'vitest';
import { markDifferences } from './result-diff.ts';

const differing = (marked: ReturnType<typeof markDifferences>[number]) => marked.filter((t) => t.differs).map((t) => t.text);
const text = (marked: ReturnType<typeof markDifferences>[number]) => marked.map((t) => t.text).join('');

describe('which numbers of two result entries differ', () => {
  it('marks the keno numbers one entry has and the other has not, on both sides', () => {
    const [mine, theirs] = markDifferences([{ numbers: [1, 2, 3, 4] }, { numbers: [1, 2, 30, 4] }]);
    expect(text(mine!)).toBe('1 2 3 4');
    expect(differing(mine!)).toEqual(['3']);
    expect(differing(theirs!)).toEqual(['30']);
  });

  it('compares a draw lottery zone by zone, with its extra numbers and multiplier', () => {
    const [a, b] = markDifferences([
      { zones: [[1, 2], [7]], extra: [9], multiplier: 2 },
      { zones: [[1, 2], [8]], extra: [9], multiplier: 3 },
    ]);
    expect(text(a!)).toBe('1 2 | 7 + 9 ×2');
    expect(differing(a!)).toEqual(['7', '×2']);
    expect(differing(b!)).toEqual(['8', '×3']);
    // The same number in another zone is another number.
    expect(differing(markDifferences([{ zones: [[1], [2]] }, { zones: [[2], [1]] }])[0]!)).toEqual(['1', '2']);
  });

  it('marks the football figures that differ', () => {
    const base = { status: 'played', fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 }, corners: 9, firstTeamToScore: 'H', firstScorer: '101' };
    const [a] = markDifferences([base, { ...base, corners: 10 }]);
    expect(differing(a!)).toEqual(['C 9']);
  });

  it('marks nothing when the entries agree or only one was entered', () => {
    expect(markDifferences([{ numbers: [5, 6] }, { numbers: [6, 5] }]).flat().some((t) => t.differs)).toBe(false);
    expect(markDifferences([{ numbers: [5, 6] }]).flat().some((t) => t.differs)).toBe(false);
  });
});
