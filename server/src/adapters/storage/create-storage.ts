import path from 'node:path';
import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { StoragePort } from './storage.types';

/** The store STORAGE_URL names: an S3-compatible bucket, else the folder DATA_DIR/audio. */
export function createStorage(env: Env): StoragePort {
  if (!env.STORAGE_URL) return createLocalStorage(path.resolve(env.DATA_DIR, 'audio'));
  return createS3Storage({
    url: env.STORAGE_URL,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    presignSeconds:
      env.S3_PRESIGNED_DOWNLOAD_SECONDS > 0 ? env.S3_PRESIGNED_DOWNLOAD_SECONDS : null,
  });
}
