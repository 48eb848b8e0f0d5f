import { describe, expect, it } from 'vitest';
import { formatPin, normalizePin, redeemBody } from './pins.ts';

describe('PIN code input', () => {
  it('ignores case, spaces and dashes so a typed code matches the printed one', () => {
    expect(normalizePin(' k7qx-m2pa 9rtw-hc4d ')).toBe('K7QXM2PA9RTWHC4D');
    expect(redeemBody.parse({ code: 'k7qx m2pa-9rtw hc4d' }).code).toBe('K7QXM2PA9RTWHC4D');
  });

  it('prints codes in groups of four', () => {
    expect(formatPin('K7QXM2PA9RTWHC4D')).toBe('K7QX-M2PA-9RTW-HC4D');
  });

  it('treats an empty code as missing', () => {
    const result = redeemBody.safeParse({ code: ' - ' });
    expect(result.success).toBe(false);
  });
});
