import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Time-based one-time passwords (RFC 6238, 30 s, 6 digits: what every authenticator app speaks).
 * The shared secret is kept encrypted at rest (AES-256-GCM under a key derived from the platform
 * secret): a copy of the database alone cannot mint codes.
 */
export const TOTP_ISSUER = 'GPoints back office';
/** One step either side: a phone clock a little off, or a code typed just as it rolled over. */
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export async function enrolment(secret: string, label: string) {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label, secret });
  return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/**
 * Whether `code` is valid now for `secret`, and its time step. `afterStep` refuses the steps already
 * used, so a code seen over a shoulder cannot be replayed within its 30 seconds.
 */
export async function checkTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<{ valid: false } | { valid: true; step: number }> {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  const epoch = Math.floor(now.getTime() / 1000);
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
    if (!result.valid) return { valid: false };
    const step = 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : Math.floor(epoch / 30);
    return { valid: true, step };
  } catch {
    return { valid: false }; // otplib throws on an `afterTimeStep` beyond its window: not a valid code either
  }
}

const keyOf = (platformSecret: Uint8Array) => crypto.createHash('sha256').update(platformSecret).update('staff-totp-v1').digest();

export function sealSecret(platformSecret: Uint8Array, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(platformSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
}

export function openSecret(platformSecret: Uint8Array, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable TOTP secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(platformSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Recovery codes: 12 characters of an unambiguous alphabet, shown `XXXX-XXXX-XXXX`, stored as keyed hashes. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  let code = '';
  while (code.length < 12) {
    const byte = crypto.randomBytes(1)[0]!;
    if (byte < 248) code += ALPHABET[byte % ALPHABET.length]; // 248 = 8 × 31: no modulo bias
  }
  return code.match(/.{4}/g)!.join('-');
}

export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (platformSecret: Uint8Array, code: string) =>
  crypto.createHmac('sha256', platformSecret).update(`recovery:${normalizeRecoveryCode(code)}`).digest('hex');
