import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * ECPay's URL encoding (the .NET `HttpUtility.UrlEncode` their SDKs reproduce): PHP `urlencode`
 * (space → `+`, everything but `A-Za-z0-9-_.` as %XX of UTF-8), lower-cased, then `! * ( )`
 * restored. `~` and `'` stay encoded. See /work/shared/reference/integrations.md §1.3.
 */
export function ecpayUrlEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .toLowerCase()
    .replace(/%2d/g, '-')
    .replace(/%5f/g, '_')
    .replace(/%2e/g, '.')
    .replace(/%21/g, '!')
    .replace(/%2a/g, '*')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')');
}

/**
 * CheckMacValue: every parameter but CheckMacValue, sorted by name case-insensitively, joined as
 * `HashKey=…&k=v&…&HashIV=…`, ECPay-URL-encoded, lower-cased, hashed (SHA256 for EncryptType=1),
 * upper-case hex. Empty values are kept (`RtnMsg=`).
 */
export function checkMacValue(params: Record<string, string>, hashKey: string, hashIv: string, algorithm: 'sha256' | 'md5' = 'sha256'): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'CheckMacValue')
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const raw = `HashKey=${hashKey}&${keys.map((k) => `${k}=${params[k]}`).join('&')}&HashIV=${hashIv}`;
  return createHash(algorithm).update(ecpayUrlEncode(raw)).digest('hex').toUpperCase();
}

/** Constant-time comparison of a received CheckMacValue with the one we compute. */
export function checkMacMatches(params: Record<string, string>, hashKey: string, hashIv: string): boolean {
  const given = Buffer.from(String(params.CheckMacValue ?? '').toUpperCase());
  const expected = Buffer.from(checkMacValue(params, hashKey, hashIv));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** ECPay's `yyyy/MM/dd HH:mm:ss`, in Taiwan time (UTC+8, no daylight saving). */
export function ecpayDate(at: Date): string {
  const t = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** Parses ECPay's `yyyy/MM/dd HH:mm:ss` (Taiwan time); null when it is not one. */
export function parseEcpayDate(text: string | undefined): Date | null {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s ?? 0));
}
