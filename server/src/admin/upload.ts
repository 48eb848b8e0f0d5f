import type { Request } from 'express';
import multer from 'multer';
import { AppError } from '../platform/errors.ts';
import { attach, type Parsed } from '../platform/http.ts';

export interface UploadedFile {
  buffer: Buffer;
  size: number;
}

/**
 * A multipart/form-data body with one optional file part named `field`, in memory, at most
 * `maxBytes`, and a few small text fields beside it (then in `req.body` for `validateBody`). Too
 * large, too many parts or a malformed body is 422 `upload_invalid`; the file's real type is
 * checked by its first bytes afterwards (scans.ts).
 */
export function singleUpload(field: string, maxBytes: number): Parsed<UploadedFile | undefined> {
  const parser = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 } }).single(field);
  return attach(
    'singleUpload',
    (req: Request) =>
      new Promise<UploadedFile | undefined>((resolve, reject) => {
        if (!req.res) return reject(new Error('no response object'));
        parser(req, req.res, (error: unknown) => {
          if (error) return reject(new AppError('upload_invalid'));
          resolve(req.file ? { buffer: req.file.buffer, size: req.file.size } : undefined);
        });
      }),
  );
}
