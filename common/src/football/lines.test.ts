import { describe, expect, it } from 'vitest';
import { handicapOutcome, parseLine, totalOutcome, type Line, type LineOutcome } from './lines.ts';

const line = (text: string, kind: 'handicap' | 'total' | 'wholeHandicap' = 'handicap'): Line => {
  const parsed = parseLine(text, kind);
  if (!parsed) throw new Error(`bad line ${text}`);
  return parsed;
};
/** A score whose home margin is `m`. */
const margin = (m: number) => (m >= 0 ? { home: m + 1, away: 1 } : { home: 1, away: 1 - m });

describe('reading lines as the feed writes them', () => {
  it.each<[string, 'handicap' | 'total' | 'wholeHandicap', number[]]>([
    ['-0.5/-1.0', 'handicap', [-1, -2]],
    ['-0.5/-1', 'handicap', [-1, -2]],
    ['0.0/+0.5', 'handicap', [0, 1]],
    ['0/-0.5', 'handicap', [0, -1]],
    ['+1.5/+2', 'handicap', [3, 4]],
    ['+0.5', 'handicap', [1]],
    ['0.0', 'handicap', [0]],
    ['-1.0', 'wholeHandicap', [-2]],
    ['+1.0', 'wholeHandicap', [2]],
    ['2.5', 'total', [5]],
    ['2.5/3.0', 'total', [5, 6]],
    ['3.0/3.5', 'total', [6, 7]],
    ['13.5', 'total', [27]],
  ])('%s (%s) → halves %j', (text, kind, halves) => {
    expect(parseLine(text, kind)).toEqual({ text, halves });
  });

  it.each<[string, 'handicap' | 'total' | 'wholeHandicap']>([
    ['-0.5/-1.5', 'handicap'], // components must be half a goal apart
    ['-0.25', 'handicap'],
    ['-0.5/-1.0/-1.5', 'handicap'],
    ['', 'handicap'],
    ['abc', 'handicap'],
    ['-0.5', 'wholeHandicap'], // HHA takes whole goals
    ['-1.0/-1.5', 'wholeHandicap'],
    ['-2.5', 'total'],
    ['+2.5', 'total'],
    ['0.0', 'total'],
    ['2.75', 'total'],
  ])('refuses %j as a %s line', (text, kind) => {
    expect(parseLine(text, kind)).toBeNull();
  });
});

describe('HDC: the reference table of split lines (home picked, m = home goals − away goals)', () => {
  // Reference §1.3, columns m ≥ 2, m = 1, m = 0, m = −1, m ≤ −2.
  const table: [string, LineOutcome[]][] = [
    ['0.0/-0.5', ['win', 'win', 'halfLoss', 'loss', 'loss']],
    ['-0.5/-1.0', ['win', 'halfWin', 'loss', 'loss', 'loss']],
    ['-1.0/-1.5', ['win', 'halfLoss', 'loss', 'loss', 'loss']],
    ['0.0/+0.5', ['win', 'win', 'halfWin', 'loss', 'loss']],
    ['+0.5/+1.0', ['win', 'win', 'win', 'halfLoss', 'loss']],
  ];
  const margins = [2, 1, 0, -1, -2];
  for (const [text, row] of table) {
    it.each(margins.map((m, i) => [m, row[i]!] as const))(`home ${text}, m = %i → %s`, (m, outcome) => {
      expect(handicapOutcome(line(text), 'H', margin(m))).toBe(outcome);
    });
  }

  it('settles the edges of the table the same further out (m = 5, m = −4)', () => {
    expect(handicapOutcome(line('-1.0/-1.5'), 'H', margin(5))).toBe('win');
    expect(handicapOutcome(line('+0.5/+1.0'), 'H', margin(-4))).toBe('loss');
  });

  // The away bet is the mirror image of each row.
  const away: [string, LineOutcome[]][] = [
    ['0.0/-0.5', ['loss', 'loss', 'halfWin', 'win', 'win']],
    ['-0.5/-1.0', ['loss', 'halfLoss', 'win', 'win', 'win']],
    ['-1.0/-1.5', ['loss', 'halfWin', 'win', 'win', 'win']],
    ['0.0/+0.5', ['loss', 'loss', 'halfLoss', 'win', 'win']],
    ['+0.5/+1.0', ['loss', 'loss', 'loss', 'halfWin', 'win']],
  ];
  for (const [text, row] of away) {
    it.each(margins.map((m, i) => [m, row[i]!] as const))(`away against home ${text}, m = %i → %s`, (m, outcome) => {
      expect(handicapOutcome(line(text), 'A', margin(m))).toBe(outcome);
    });
  }

  it('-1.0/-1.5 at m = 1: the −1.0 half pushes and the −1.5 half loses, half the stake back', () => {
    expect(handicapOutcome(line('-1.0/-1.5'), 'H', { home: 2, away: 1 })).toBe('halfLoss');
  });
});

describe('HDC: whole and half lines', () => {
  it.each<[string, 'H' | 'A', number, LineOutcome]>([
    ['0.0', 'H', 1, 'win'],
    ['0.0', 'H', 0, 'push'],
    ['0.0', 'A', 0, 'push'],
    ['0.0', 'A', -1, 'win'],
    ['-1.0', 'H', 1, 'push'],
    ['-1.0', 'H', 2, 'win'],
    ['-1.0', 'A', 0, 'win'],
    ['-0.5', 'H', 1, 'win'],
    ['-0.5', 'H', 0, 'loss'],
    ['+0.5', 'H', 0, 'win'],
    ['+0.5', 'A', 0, 'loss'],
    ['+1.5/+2', 'H', -2, 'halfLoss'],
    ['+1.5/+2', 'A', -2, 'halfWin'],
    ['+2/+2.5', 'H', -2, 'halfWin'],
  ])('%s, pick %s, margin %i → %s', (text, pick, m, outcome) => {
    expect(handicapOutcome(line(text), pick, margin(m))).toBe(outcome);
  });
});

describe('hi-lo lines (HIL, FHL, CHL)', () => {
  it.each<[string, 'H' | 'L', number, LineOutcome]>([
    // Reference §1.4: 2.5/3.0 High, 3 goals = half win, 2 goals = loss.
    ['2.5/3.0', 'H', 2, 'loss'],
    ['2.5/3.0', 'H', 3, 'halfWin'],
    ['2.5/3.0', 'H', 4, 'win'],
    ['2.5/3.0', 'L', 2, 'win'],
    ['2.5/3.0', 'L', 3, 'halfLoss'],
    ['2.5/3.0', 'L', 4, 'loss'],
    ['3.0/3.5', 'H', 3, 'halfLoss'],
    ['3.0/3.5', 'H', 4, 'win'],
    ['3.0/3.5', 'L', 3, 'halfWin'],
    ['3.0/3.5', 'L', 2, 'win'],
    ['2.5', 'H', 2, 'loss'],
    ['2.5', 'H', 3, 'win'],
    ['2.5', 'L', 0, 'win'],
    ['3.0', 'H', 3, 'push'],
    ['3.0', 'L', 3, 'push'],
    ['3.0', 'L', 2, 'win'],
    ['9.5', 'H', 10, 'win'],
    ['9.5', 'L', 9, 'win'],
  ])('%s, pick %s, total %i → %s', (text, pick, total, outcome) => {
    expect(totalOutcome(line(text, 'total'), pick, total)).toBe(outcome);
  });
});
