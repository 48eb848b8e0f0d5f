import fs from 'node:fs/promises';
import path from 'node:path';
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * Where the platform keeps files (ticket scans; chat attachments): local disk under DATA_DIR by
 * default, any S3-compatible store (MinIO in the scaled compose file, AWS S3) when STORAGE=s3.
 * Keys are ours, never a user's file name: `<area>/<yyyy-mm>/<random>.<ext>`, checked by `isStorageKey`.
 * The database row that names a key keeps its content type and size; the store keeps bytes.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when no file has that key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[A-Za-z0-9_.-]+)+$/;
/** A key we would write: lowercase area, then path segments without `..` or leading dots. */
export const isStorageKey = (key: string) => KEY.test(key) && !key.split('/').some((part) => part.startsWith('.'));

function checked(key: string) {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
  return key;
}

/** Files under `root` (DATA_DIR/files); written to a temporary name first, so a reader never sees half a file. */
export function localStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checked(key).split('/'));
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** Any S3-compatible store. Path-style addressing (MinIO needs it); the bucket is created on first use. */
export function s3Storage(options: { endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string }): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: true,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
  });
  const Bucket = options.bucket;
  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= client
      .send(new HeadBucketCommand({ Bucket }))
      .then(() => undefined)
      .catch(async () => {
        await client.send(new CreateBucketCommand({ Bucket }));
      })
      .catch((error: unknown) => {
        bucketReady = undefined; // try again next time
        throw error;
      }));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await ensureBucket();
      await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
  };
}

export function createStorage(config: Pick<Config, 'STORAGE' | 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): FileStorage {
  if (config.STORAGE === 's3') {
    return s3Storage({ endpoint: config.S3_ENDPOINT, region: config.S3_REGION, bucket: config.S3_BUCKET, accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY });
  }
  return localStorage(path.resolve(config.DATA_DIR, 'files'));
}
