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
