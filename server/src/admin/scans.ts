import crypto from 'node:crypto';

/** What a ticket scan may be, recognised by its first bytes (the browser's content type is not trusted). */
const SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', ext: 'png', test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/webp', ext: 'webp', test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.length > 5 && b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

export const SCAN_TYPES = SIGNATURES.map((s) => s.type);

/** The scan's real type, or undefined when it is none of JPEG, PNG, WebP, PDF. */
export const sniffScan = (body: Buffer) => SIGNATURES.find((s) => s.test(body));

/** Where a scan is stored: never the uploader's file name. */
export function scanKey(orderId: number, ext: string, at: Date) {
  const month = at.toISOString().slice(0, 7);
  return `ticket-scans/${month}/${orderId}-${crypto.randomBytes(8).toString('hex')}.${ext}`;
}
