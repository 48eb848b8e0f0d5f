import { describe, expect, it } from 'vitest';
import { CORRECT_SCORES, correctScoreKey, correctScoreSelections } from './scores.ts';

describe('the correct-score grid (reference §1.5)', () => {
  it('has 33 selections in the 2025–26 feed and 31 in the older system', () => {
    expect(correctScoreSelections('fiveWay')).toHaveLength(33);
    expect(correctScoreSelections('threeWay')).toHaveLength(31);
  });

  it('lists 12 home wins, 4 draws and 12 away wins', () => {
    expect(CORRECT_SCORES.slice(0, 12)).toEqual(['1:0', '2:0', '2:1', '3:0', '3:1', '3:2', '4:0', '4:1', '4:2', '5:0', '5:1', '5:2']);
    expect(CORRECT_SCORES.slice(12, 16)).toEqual(['0:0', '1:1', '2:2', '3:3']);
    expect(CORRECT_SCORES.slice(16)).toEqual(['0:1', '0:2', '1:2', '0:3', '1:3', '2:3', '0:4', '1:4', '2:4', '0:5', '1:5', '2:5']);
  });

  it.each(CORRECT_SCORES.map((s) => [s]))('a listed score %s wins itself', (key) => {
    const [home, away] = key.split(':').map(Number) as [number, number];
    expect(correctScoreKey({ home, away }, 'fiveWay')).toBe(key);
    expect(correctScoreKey({ home, away }, 'threeWay')).toBe(key);
  });

  it.each<[number, number, string]>([
    [4, 3, 'HO'], // home others, away scored (reference's example)
    [6, 1, 'HO'],
    [5, 3, 'HO'],
    [6, 2, 'HO'],
    [6, 0, 'OHN'], // home others, away no goal
    [7, 0, 'OHN'],
    [4, 4, 'DO'],
    [5, 5, 'DO'],
    [3, 4, 'AO'],
    [1, 6, 'AO'],
    [0, 6, 'OAN'],
    [0, 7, 'OAN'],
  ])('five-way "others": %i:%i → %s', (home, away, key) => {
    expect(correctScoreKey({ home, away }, 'fiveWay')).toBe(key);
  });

  it.each<[number, number, string]>([
    [4, 3, 'HO'],
    [6, 0, 'HO'],
    [4, 4, 'DO'],
    [3, 4, 'AO'],
    [0, 6, 'AO'],
  ])('three-way "others": %i:%i → %s', (home, away, key) => {
    expect(correctScoreKey({ home, away }, 'threeWay')).toBe(key);
  });
});
