import type { Request } from 'express';
import multer from 'multer';
import { AppError } from './errors.ts';
import { attach, type Parsed } from './http.ts';

export interface UploadedFile {
  buffer: Buffer;
  size: number;
  /** The sender's own file name (untrusted text: shown back, never used as a key). */
  name?: string;
}

/**
 * A multipart/form-data body with one optional file part named `field`, in memory, at most
 * `maxBytes`, and a few small text fields beside it (then in `req.body` for `validateBody`). Too
 * large, too many parts or a malformed body is 422 `upload_invalid`; the file's real type is
 * checked by its first bytes afterwards (`sniffImage`, or the feature's own list). A request that
 * is not multipart passes through with no file (a JSON body stays JSON).
 *
 * Used by the back office's ticket scans (admin/routes.ts), customer-service screenshots
 * (messaging/routes.ts) and big-win claim documents (claims/routes.ts).
 */
export function singleUpload(field: string, maxBytes: number, textFieldBytes = 1024): Parsed<UploadedFile | undefined> {
  // Browsers send file names as UTF-8 bytes without saying so: read them as such (a claim document's name is shown back).
  const parser = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: textFieldBytes, parts: 8 } }).single(field);
  return attach(
    'singleUpload',
    (req: Request) =>
      new Promise<UploadedFile | undefined>((resolve, reject) => {
        if (!req.res) return reject(new Error('no response object'));
        parser(req, req.res, (error: unknown) => {
          if (error) return reject(new AppError('upload_invalid'));
          resolve(req.file ? { buffer: req.file.buffer, size: req.file.size, name: req.file.originalname } : undefined);
        });
      }),
  );
}

/** Images a member may show us, recognised by their first bytes (the browser's content type is not trusted). */
const IMAGES: ReadonlyArray<{ type: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp'; test: (b: Buffer) => boolean }> = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', ext: 'png', test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/webp', ext: 'webp', test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image's real type (PNG, JPEG or WebP), or undefined when it is none of them. */
export const sniffImage = (body: Buffer) => IMAGES.find((image) => image.test(body));

/** The content type of a stored image by its key's extension (keys are ours: see storage.ts). */
export const imageTypeOfKey = (key: string) => IMAGES.find((image) => key.endsWith(`.${image.ext}`))?.type;

/**
 * `singleUpload` for several named file parts, each optional and at most `maxBytes`, one file per
 * name (the identity check's `document` and `selfie`). Read with `.of(req)[name]`.
 */
export function fileFieldsUpload<Name extends string>(names: readonly Name[], maxBytes: number, textFieldBytes = 1024): Parsed<Partial<Record<Name, UploadedFile>>> {
  const parser = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: names.length, fields: 8, fieldSize: textFieldBytes, parts: names.length + 8 },
  }).fields(names.map((name) => ({ name, maxCount: 1 })));
  return attach(
    'fileFieldsUpload',
    (req: Request) =>
      new Promise<Partial<Record<Name, UploadedFile>>>((resolve, reject) => {
        if (!req.res) return reject(new Error('no response object'));
        parser(req, req.res, (error: unknown) => {
          if (error) return reject(new AppError('upload_invalid'));
          const parts = (req.files ?? {}) as Record<string, Express.Multer.File[] | undefined>;
          const files: Partial<Record<Name, UploadedFile>> = {};
          for (const name of names) {
            const file = parts[name]?.[0];
            if (file) files[name] = { buffer: file.buffer, size: file.size };
          }
          resolve(files);
        });
      }),
  );
}

/** A PDF, recognised by its first bytes. */
export const isPdf = (body: Buffer) => body.length > 5 && body.subarray(0, 5).toString('latin1') === '%PDF-';

/** A document a member may send (an identity document, a claim's papers): a photo or a PDF scan, recognised by its bytes, never the browser's word. */
export function sniffDocument(body: Buffer): { type: string; ext: string } | undefined {
  const image = sniffImage(body);
  if (image) return image;
  return isPdf(body) ? { type: 'application/pdf', ext: 'pdf' } : undefined;
}

/**
 * A multipart/form-data body with up to `maxFiles` optional file parts whose names start with
 * `prefix` (`scan.<orderId>`), each at most `maxBytes`, in memory, and small text fields beside
 * them (then in `req.body`). The files come back by the rest of their part's name. Too large, too
 * many, a repeated or unexpected name, or a malformed body is 422 `upload_invalid`. A request that
 * is not multipart passes through with none.
 */
export function namedUploads(prefix: string, maxBytes: number, maxFiles: number, textFieldBytes = 40_000): Parsed<Map<string, UploadedFile>> {
  const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: maxFiles, fields: 5, fieldSize: textFieldBytes, parts: maxFiles + 5 } }).any();
  return attach(
    'namedUploads',
    (req: Request) =>
      new Promise<Map<string, UploadedFile>>((resolve, reject) => {
        if (!req.res) return reject(new Error('no response object'));
        parser(req, req.res, (error: unknown) => {
          if (error) return reject(new AppError('upload_invalid'));
          const files = new Map<string, UploadedFile>();
          for (const file of (req.files ?? []) as Express.Multer.File[]) {
            const name = file.fieldname.startsWith(prefix) ? file.fieldname.slice(prefix.length) : '';
            if (!name || files.has(name)) return reject(new AppError('upload_invalid'));
            files.set(name, { buffer: file.buffer, size: file.size });
          }
          resolve(files);
        });
      }),
  );
}
