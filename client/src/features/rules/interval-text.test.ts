import { describe, expect, it } from 'vitest';
import { intervalText } from './interval-text.ts';

describe('draw interval', () => {
  it('reads whole minutes as minutes and anything else as seconds, in the reader’s language', () => {
    expect(intervalText(300, 'en')).toBe('5 minutes');
    expect(intervalText(60, 'en')).toBe('1 minute');
    expect(intervalText(30, 'en')).toBe('30 seconds');
    expect(intervalText(300, 'de')).toBe('5 Minuten');
  });
});
