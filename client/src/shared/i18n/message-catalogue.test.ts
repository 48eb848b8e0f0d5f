import type { MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from './messages/en.json';
import zhTw from './messages/zh-TW.json';
import { cachedMessages, hasPageMessages, loadMessages, requirePageMessages, withEnglishUnderneath } from './message-catalogue.ts';
import type { MessageId } from './message-ids.ts';

/** The text of a compiled message without arguments. */
const text = (message: string | MessageFormatElement[] | undefined) =>
  typeof message === 'string' ? message : message?.map((element) => ('value' in element ? element.value : '')).join('');

// The steps share the catalogue's state (what is loaded), so they run in this order.
describe('message catalogues', () => {
  it('at first loads only the shell part of the chosen language, compiled, in that language', async () => {
    expect(hasPageMessages()).toBe(false);
    const zh = await loadMessages('zh-TW');
    expect(text(zh['nav.home'])).toBe(zhTw['nav.home']);
    expect(Array.isArray(zh['nav.home'])).toBe(true); // compiled at build time: no parser needed in the browser
    const ids = Object.keys(zh);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.length).toBeLessThan(Object.keys(en).length / 2);
    expect(zh['admin.nav.queue' as MessageId]).toBeUndefined(); // a console message: the pages part
    expect(cachedMessages('zh-TW')).toBe(zh);
  });

  it('adds the pages part when a page asks for it, and keeps it for the next language', async () => {
    await requirePageMessages();
    expect(hasPageMessages()).toBe(true);
    const zh = await loadMessages('zh-TW');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const ja = await loadMessages('ja');
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    expect(text(ja['nav.home'])).not.toBe(en['nav.home']);
  });

  it('puts English underneath on demand, without replacing a translated message', async () => {
    const ja = { ...(await loadMessages('ja')) };
    const merged = await withEnglishUnderneath('ja');
    expect(merged).toEqual(ja); // every key translated: English shows through nowhere
    expect(cachedMessages('ja')).toBe(merged);
  });
});
