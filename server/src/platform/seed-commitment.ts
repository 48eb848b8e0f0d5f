import crypto from 'node:crypto';

/**
 * Commit-and-reveal for simulated results (keno draws, football matches): a secret seed is drawn
 * when the draw or event is created and only its hash is published; the seed is revealed with the
 * result, so anyone can check the result was fixed before sales closed.
 */

/** A fresh secret seed: 32 random bytes, hex. */
export const newSeed = (): string => crypto.randomBytes(32).toString('hex');

/** The public commitment to a seed: sha256 of its 32 raw bytes, hex. */
export const seedHash = (seedHex: string): string => crypto.createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
