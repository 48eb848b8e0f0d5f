import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../platform/errors.ts';

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
export async function signSessionToken(secret: Uint8Array, claims: { userId: string; sessionId: string; expiresAt: Date }) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await hmacKey(secret));
}

/**
 * Verifies signature, algorithm (HS256 only, so `alg: none` and key-confusion tokens fail) and
 * expiry. Expired → `session_expired`; anything forged, tampered or malformed → `token_invalid`.
 */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') throw new AppError('token_invalid');
    return { userId: payload.sub, sessionId: payload.jti };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError('session_expired');
    throw new AppError('token_invalid');
  }
}
