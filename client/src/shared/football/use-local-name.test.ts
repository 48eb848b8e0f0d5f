import { describe, expect, it } from 'vitest';
import { localNameIn } from './use-local-name.ts';

describe("a league or team name in the reader's language", () => {
  const simulated = { 'zh-TW': '海港雄獅', 'zh-CN': '海港雄狮' };
  const hkjc = { 'zh-TW': '北港城' }; // HKJC's feed names clubs in Traditional Chinese only

  it("shows the name in the reader's own Chinese script where the source has it", () => {
    expect(localNameIn('zh-TW', 'Harbour Lions', simulated)).toBe('海港雄獅');
    expect(localNameIn('zh-CN', 'Harbour Lions', simulated)).toBe('海港雄狮');
  });

  it('gives a Simplified reader the Traditional name rather than English when that is all the source has', () => {
    expect(localNameIn('zh-CN', 'Northport City', hkjc)).toBe('北港城');
  });

  it('keeps the English name for every other language, and where the source has no names', () => {
    expect(localNameIn('ja', 'Northport City', hkjc)).toBe('Northport City');
    expect(localNameIn('en', 'Harbour Lions', simulated)).toBe('Harbour Lions');
    expect(localNameIn('zh-TW', 'Test United', undefined)).toBe('Test United');
    expect(localNameIn('zh-TW', 'Test United', {})).toBe('Test United');
  });
});
