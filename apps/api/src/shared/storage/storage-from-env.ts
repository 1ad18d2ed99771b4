import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './storage.ts';

type StorageEnv = Pick<
  Env,
  'DATA_DIR' | 'STORAGE_DRIVER' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

export async function createStorageFromEnv(env: StorageEnv): Promise<FileStorage> {
  if (env.STORAGE_DRIVER === 'disk') return createDiskStorage({ root: path.join(env.DATA_DIR, 'uploads') });
  // env.ts refuses STORAGE_DRIVER=s3 without a bucket. The S3 client (about 1 MB of code) loads only here.
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  });
}
