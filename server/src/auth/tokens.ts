import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../platform/errors.ts';
import { isId } from '../platform/ids.ts';

const ISSUER = 'gpoints';

/**
 * The secret as an HMAC key, imported once per secret: given the bytes, jose imports a WebCrypto
 * key on every call, which cost every authenticated request a few per cent of the server's CPU.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) hmacKeys.set(secret, (key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])));
  return key;
}

/** A session token: HS256 JWT whose `jti` names the server-side session record. */
export async function signSessionToken(secret: Uint8Array, claims: { userId: number; sessionId: string; expiresAt: Date }) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId)) // JWT's `sub` is a string
    .setJti(claims.sessionId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await hmacKey(secret));
}

/** Tokens verified lately, per secret, at most VERIFIED_KEPT of them (the least recently used go first). */
const VERIFIED_KEPT = 10_000;
type VerifiedClaims = { userId: number; sessionId: string; exp: number };
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedClaims>>();

/**
 * Verifies signature, algorithm (HS256 only, so `alg: none` and key-confusion tokens fail) and
 * expiry. Expired → `session_expired`; anything forged, tampered or malformed → `token_invalid`.
 *
 * A token verified once is remembered (its claims and expiry, for up to VERIFIED_KEPT tokens):
 * the same token again skips the HMAC, which WebCrypto runs as an asynchronous job costing about
 * 60 µs a request. Only genuine tokens are remembered, so a stranger cannot fill the memory, and
 * the expiry is checked every time. A revoked session is the session's business (its row is read
 * on every request), not the token's.
 */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date) {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (known.exp <= Math.floor(now.getTime() / 1000)) throw new AppError('session_expired');
    verified.delete(token); // most recently used last
    verified.set(token, known);
    return { userId: known.userId, sessionId: known.sessionId };
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || !isId(payload.sub) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') throw new AppError('token_invalid');
    const userId = Number(payload.sub);
    verified.set(token, { userId, sessionId: payload.jti, exp: payload.exp });
    if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    return { userId, sessionId: payload.jti };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError('session_expired');
    throw new AppError('token_invalid');
  }
}
