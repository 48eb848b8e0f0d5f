import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * JKO Pay's DIGEST header: hex HMAC-SHA256 of the exact payload (the JSON body of a POST, the query
 * string of a GET) keyed with the secret key (open-doc.jkos.com "加簽加密說明"). Lower-case hex as
 * in the doc's examples (upper/lower case is unconfirmed, so verification ignores case).
 */
export function jkoDigest(secretKey: string, payload: string): string {
  return createHmac('sha256', Buffer.from(secretKey, 'utf8')).update(Buffer.from(payload, 'utf8')).digest('hex');
}

export function jkoDigestMatches(secretKey: string, payload: string, given: string | undefined): boolean {
  const expected = Buffer.from(jkoDigest(secretKey, payload));
  const received = Buffer.from(String(given ?? '').toLowerCase());
  return expected.length === received.length && timingSafeEqual(expected, received);
}
