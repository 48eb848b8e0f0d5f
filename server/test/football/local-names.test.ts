import { describe, expect, it } from 'vitest';
import { hasLocalNames, simulatedLocalNames } from '../../src/games/football/simulated/local-names.ts';
import { TOURNAMENTS } from '../../src/games/football/simulated/teams.ts';

describe('the simulated leagues and clubs in Chinese', () => {
  it('names every league and club in Traditional and Simplified Chinese', () => {
    const names = TOURNAMENTS.flatMap((t) => [t.name, ...t.clubs.map((c) => c.name)]);
    expect(names.filter((name) => !hasLocalNames(name))).toEqual([]);
  });

  it('gives an event its league and teams by locale, and nothing for a name it does not know', () => {
    expect(simulatedLocalNames({ tournament: 'Hong Kong Premier League', home: 'Harbour Lions', away: 'Tai Hang Dragons' })).toEqual({
      tournament: { 'zh-TW': '港超', 'zh-CN': '港超' },
      home: { 'zh-TW': '海港雄獅', 'zh-CN': '海港雄狮' },
      away: { 'zh-TW': '大坑飛龍', 'zh-CN': '大坑飞龙' },
    });
    expect(simulatedLocalNames({ tournament: 'Unknown Cup', home: 'A', away: 'B' })).toEqual({});
  });
});
