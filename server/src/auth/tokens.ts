import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../platform/errors.ts';

const ISSUER = 'gpoints';

/** A session token: HS256 JWT whose `jti` names the server-side session record. */
export async function signSessionToken(secret: Uint8Array, claims: { userId: string; sessionId: string; expiresAt: Date }) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setJti(claims.sessionId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(secret);
}

/**
 * Verifies signature, algorithm (HS256 only, so `alg: none` and key-confusion tokens fail) and
 * expiry. Expired → `session_expired`; anything forged, tampered or malformed → `token_invalid`.
 */
export async function verifySessionToken(secret: Uint8Array, token: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, secret, {
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
