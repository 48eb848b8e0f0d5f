import { describe, expect, it } from 'vitest';
import { emptyLine, isBlank, lineShortfall, linesForMode, quickPickLine, toggleNumber, type PickerLine, type PickerZone } from './picker.ts';

// Mark Six: 6 of 1–49, multiple entries up to 10 numbers, bankers allowed.
const MARK_SIX: PickerZone[] = [{ from: 1, to: 49, pick: 6, systemMax: 10, bankerMax: 5 }];
// US Powerball: 5 of 1–69 + 1 of 1–26, no system.
const POWERBALL: PickerZone[] = [
  { from: 1, to: 69, pick: 5, systemMax: 5, bankerMax: 0 },
  { from: 1, to: 26, pick: 1, systemMax: 1, bankerMax: 0 },
];

const line = (numbers: number[][], bankers: number[][] = numbers.map(() => [])): PickerLine => ({ numbers, bankers });

const tapAll = (start: PickerLine, zones: PickerZone[], zone: number, taps: number[], mode: 'standard' | 'system' | 'banker', target: 'numbers' | 'bankers' = 'numbers') =>
  taps.reduce((acc, n) => {
    const outcome = toggleNumber(acc, zones, zone, n, mode, target);
    if (!outcome.ok) throw new Error(`refused ${n}: ${outcome.reason}`);
    return outcome.line;
  }, start);

describe('tapping numbers', () => {
  it('keeps a standard Mark Six line to six numbers and says the zone is full', () => {
    const six = tapAll(emptyLine(MARK_SIX), MARK_SIX, 0, [40, 3, 17, 8, 22, 31], 'standard');
    expect(six.numbers[0]).toEqual([3, 8, 17, 22, 31, 40]);
    expect(toggleNumber(six, MARK_SIX, 0, 49, 'standard')).toEqual({ ok: false, reason: 'full' });
  });

  it('lets a multiple (system) entry go past six, up to the product limit of ten', () => {
    const ten = tapAll(emptyLine(MARK_SIX), MARK_SIX, 0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'system');
    expect(ten.numbers[0]).toHaveLength(10);
    expect(toggleNumber(ten, MARK_SIX, 0, 11, 'system')).toEqual({ ok: false, reason: 'full' });
  });

  it('keeps at most five bankers in a 6-number banker entry, so at least one leg remains', () => {
    const five = tapAll(emptyLine(MARK_SIX), MARK_SIX, 0, [1, 2, 3, 4, 5], 'banker', 'bankers');
    expect(five.bankers[0]).toEqual([1, 2, 3, 4, 5]);
    expect(toggleNumber(five, MARK_SIX, 0, 6, 'banker', 'bankers')).toEqual({ ok: false, reason: 'bankers_full' });
    const withLegs = tapAll(five, MARK_SIX, 0, [20, 21], 'banker', 'numbers');
    expect(withLegs.numbers[0]).toEqual([20, 21]);
  });

  it('refuses bankers in a zone that takes none', () => {
    expect(toggleNumber(emptyLine(POWERBALL), POWERBALL, 1, 4, 'banker', 'bankers')).toEqual({ ok: false, reason: 'no_bankers' });
  });

  it('always removes a chosen number, leg or banker', () => {
    const start = line([[7, 9]], [[1]]);
    expect(toggleNumber(start, MARK_SIX, 0, 9, 'banker')).toEqual({ ok: true, line: line([[7]], [[1]]) });
    expect(toggleNumber(start, MARK_SIX, 0, 1, 'banker')).toEqual({ ok: true, line: line([[7, 9]], [[]]) });
  });

  it('treats each zone on its own: the Powerball zone holds one number', () => {
    const first = tapAll(emptyLine(POWERBALL), POWERBALL, 1, [26], 'standard');
    expect(first.numbers).toEqual([[], [26]]);
    expect(toggleNumber(first, POWERBALL, 1, 3, 'standard')).toEqual({ ok: false, reason: 'full' });
  });
});

describe('quick pick', () => {
  it('fills every zone of a line with distinct numbers in range, keeping the ones chosen', () => {
    for (let run = 0; run < 100; run++) {
      const picked = quickPickLine(line([[69], []]), POWERBALL, 'standard');
      expect(picked.numbers[0]).toHaveLength(5);
      expect(picked.numbers[0]).toContain(69);
      expect(new Set(picked.numbers[0]).size).toBe(5);
      expect(picked.numbers[1]).toHaveLength(1);
      expect(picked.numbers[1]![0]).toBeGreaterThanOrEqual(1);
      expect(picked.numbers[1]![0]).toBeLessThanOrEqual(26);
    }
  });

  it('makes the smallest system entry (pick + 1) and keeps a bigger one at its size', () => {
    expect(quickPickLine(emptyLine(MARK_SIX), MARK_SIX, 'system', () => 0).numbers[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const eight = quickPickLine(line([[1, 2, 3, 4, 5, 6, 7, 8]]), MARK_SIX, 'system');
    expect(eight.numbers[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('fills the legs of a banker entry around its bankers, never repeating one', () => {
    const picked = quickPickLine(line([[]], [[1, 2]]), MARK_SIX, 'banker', () => 0);
    expect(picked.bankers[0]).toEqual([1, 2]);
    expect(picked.numbers[0]).toEqual([3, 4, 5, 6, 7]);
  });
});

describe('what is missing', () => {
  it('counts the numbers still to pick, zone by zone', () => {
    expect(lineShortfall(line([[1, 2, 3], []]), POWERBALL, 'standard')).toEqual({ zone: 0, missing: 2 });
    expect(lineShortfall(line([[1, 2, 3, 4, 5], []]), POWERBALL, 'standard')).toEqual({ zone: 1, missing: 1 });
    expect(lineShortfall(line([[1, 2, 3, 4, 5], [9]]), POWERBALL, 'standard')).toBeNull();
  });

  it('asks a system entry for one more than the matrix, and a banker entry for a banker', () => {
    expect(lineShortfall(line([[1, 2, 3, 4, 5, 6]]), MARK_SIX, 'system')).toEqual({ zone: 0, missing: 1 });
    expect(lineShortfall(line([[1, 2, 3, 4, 5, 6, 7]]), MARK_SIX, 'banker')).toEqual({ zone: 0, missing: 1 });
    expect(lineShortfall(line([[3, 4, 5, 6, 7]], [[1, 2]]), MARK_SIX, 'banker')).toBeNull();
  });

  it('knows a blank line', () => {
    expect(isBlank(emptyLine(POWERBALL))).toBe(true);
    expect(isBlank(line([[], [3]]))).toBe(false);
  });
});

describe('changing the entry mode', () => {
  it('folds bankers back into a standard line of the right size, and a system entry into one line', () => {
    const banker = line([[10, 11, 12, 13, 14]], [[1, 2]]);
    expect(linesForMode([banker], MARK_SIX, 'standard')).toEqual([line([[1, 2, 10, 11, 12, 13]])]);
    expect(linesForMode([banker, line([[5]])], MARK_SIX, 'system')).toEqual([line([[1, 2, 10, 11, 12, 13, 14]])]);
  });
});
