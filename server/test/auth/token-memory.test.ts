import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from '../../src/auth/tokens.ts';

/**
 * `verifySessionToken` remembers the tokens it verified (skipping the HMAC the next time): what it
 * remembers must never let through what it would refuse afresh.
 */
const secret = new TextEncoder().encode('token-memory-test-secret-0123456789-abcdefghij');
const at = (iso: string) => new Date(iso);

describe('verified session tokens', () => {
  it('a token verified once is still refused once it expires', async () => {
    const token = await signSessionToken(secret, { userId: 7, sessionId: 's-1', expiresAt: at('2030-01-01T00:10:00Z') });
    expect(await verifySessionToken(secret, token, at('2030-01-01T00:00:00Z'))).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await verifySessionToken(secret, token, at('2030-01-01T00:09:59Z'))).toEqual({ userId: 7, sessionId: 's-1' });
    await expect(verifySessionToken(secret, token, at('2030-01-01T00:10:00Z'))).rejects.toMatchObject({ code: 'session_expired' });
  });

  it('a tampered copy of a verified token, or the token under another secret, is refused', async () => {
    const token = await signSessionToken(secret, { userId: 7, sessionId: 's-2', expiresAt: at('2030-01-01T00:10:00Z') });
    const now = at('2030-01-01T00:00:00Z');
    await verifySessionToken(secret, token, now);
    const [header, payload, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '8' })).toString('base64url');
    await expect(verifySessionToken(secret, `${header}.${otherUser}.${signature}`, now)).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(verifySessionToken(secret, `${header}.${payload}.${signature!.slice(0, -2)}AA`, now)).rejects.toMatchObject({ code: 'token_invalid' });
    const otherSecret = new TextEncoder().encode('another-secret-altogether-0123456789-abcdefghij');
    await expect(verifySessionToken(otherSecret, token, now)).rejects.toMatchObject({ code: 'token_invalid' });
  });
});
