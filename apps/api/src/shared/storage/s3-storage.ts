// Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …), so several API
// instances serve the same files. Bodies are streamed: small ones in one PUT, large ones as a
// multipart upload that is aborted when the body fails, so no partial object ever appears.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteCounter, failFast, keySegments, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services; AWS itself needs none. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without them the SDK's usual sources apply (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const PART_SIZE = 8 * 1024 * 1024;

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Many S3-compatible services reject the SDK's default extra checksums; send them only when
    // an operation requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const checked = (key: string) => {
    keySegments(key);
    return key;
  };

  const stat = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    driver: 's3',

    async put(key, body, { contentType, maxBytes }) {
      const Key = checked(key);
      const counter = byteCounter(maxBytes);
      // Settles with the body's own failure (too large, client gone), which is the one to report
      // rather than whatever the aborted upload answers.
      const piped = failFast(pipeline(body, counter), [body, counter]).then(
        () => null,
        (error: unknown) => error,
      );
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counter, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        counter.destroy();
        body.destroy();
        const bodyError = await piped;
        throw bodyError && (bodyError as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE' ? bodyError : error;
      }
      const bodyError = await piped;
      if (bodyError) {
        // Cannot happen once the upload has read the whole body, but a stored object must be whole.
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
        throw bodyError;
      }
      return { size: counter.bytes, contentType };
    },

    async get(key, range) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    stat,

    async exists(key) {
      return (await stat(key)) !== null;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    // The bucket exists and these credentials reach it: one HEAD request.
    async probe() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async close() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown) {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
