import crypto from 'node:crypto';
import { PIN_ALPHABET, PIN_LENGTH, normalizePin } from '@gp/common';

/** A fresh 16-character code, uniformly random over the alphabet (rejection sampling, no modulo bias). */
export function generatePinCode(): string {
  const limit = 256 - (256 % PIN_ALPHABET.length);
  let code = '';
  while (code.length < PIN_LENGTH) {
    for (const byte of crypto.randomBytes(PIN_LENGTH * 2)) {
      if (byte < limit && code.length < PIN_LENGTH) code += PIN_ALPHABET[byte % PIN_ALPHABET.length];
    }
  }
  return code;
}

/**
 * Codes are stored only as a keyed hash. HMAC (not argon2) because redemption looks a code up by
 * its hash; the codes carry ~79 bits of entropy, so the server secret plus rate limiting is what
 * stands against guessing, not hash cost.
 */
export function hashPinCode(secret: Uint8Array, code: string): string {
  return crypto.createHmac('sha256', secret).update(normalizePin(code)).digest('hex');
}

/** The key that seals codes between a batch's issue and its one export: derived from the server secret, for this purpose only. */
const sealKeys = new WeakMap<Uint8Array, Buffer>();
function sealKey(secret: Uint8Array): Buffer {
  let key = sealKeys.get(secret);
  if (!key) sealKeys.set(secret, (key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'gpoints-pin-seal', 32))));
  return key;
}

/** AES-256-GCM: `iv.tag.ciphertext`, base64url. A database copy alone does not open it. */
export function sealPinCode(secret: Uint8Array, code: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unsealPinCode(secret: Uint8Array, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', sealKey(secret), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
