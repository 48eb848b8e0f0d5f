import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import { cachedMessages, loadMessages, withEnglishUnderneath } from './message-catalogue.ts';

describe('message catalogues', () => {
  it('loads only the chosen language: zh-TW has every English key, in Chinese', async () => {
    const zh = await loadMessages('zh-TW');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh['nav.home']).not.toBe(en['nav.home' as keyof typeof en]);
    expect(cachedMessages('zh-TW')).toBe(zh);
  });

  it('puts English underneath on demand, without replacing a translated message', async () => {
    const ja = { ...(await loadMessages('ja')) };
    const merged = await withEnglishUnderneath('ja');
    expect(merged).toEqual(ja); // every key translated: English shows through nowhere
    expect(merged['nav.home']).not.toBe(en['nav.home' as keyof typeof en]);
    expect(cachedMessages('ja')).toBe(merged);
  });
});
