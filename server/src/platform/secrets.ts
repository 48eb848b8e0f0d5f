import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Files that hold secrets (issue 29 item 7, ASVS 8.3 / 14.1): readable and writable by this
 * process's user only (0600) in folders only that user may open (0700). The data directory itself
 * is left as it is (the embedded PostgreSQL's data lives under it, owned by another user), so
 * secrets get a folder of their own: `secretsFolder(DATA_DIR)`.
 */
export const secretsFolder = (dataDir: string) => path.resolve(dataDir, 'secrets');

/** Creates `folder` (and its parents) if missing, and makes it 0700 either way. */
export function privateFolder(folder: string) {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
}

/** Writes `content` to `file` as 0600 in a 0700 folder (the mode is set again if the file existed). */
export function writeSecretFile(file: string, content: string | Uint8Array) {
  privateFolder(path.dirname(file));
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/** A secret file at `file`, moved there from `formerly` (its place before issue 29) when only that one exists. */
export function secretFileAt(file: string, formerly: string): string {
  if (!fs.existsSync(file) && fs.existsSync(formerly)) {
    privateFolder(path.dirname(file));
    fs.renameSync(formerly, file);
    fs.chmodSync(file, 0o600);
  }
  return file;
}

/**
 * The server secret signs session tokens and keys the PIN hashes. In production it comes from
 * JWT_SECRET; in the embedded mode it is generated once into DATA_DIR/secrets so sessions survive a restart.
 */
export function loadSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = secretFileAt(path.join(secretsFolder(dataDir), 'server-secret'), path.resolve(dataDir, 'server-secret'));
  if (!fs.existsSync(file)) writeSecretFile(file, crypto.randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
