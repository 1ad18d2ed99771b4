// A local S3-compatible server for tests: s3rver on a loopback port, in its own temporary
// directory, with one bucket. Tests run the S3 driver against it exactly as against a real service.
import fs from 'node:fs';
import S3rver from 's3rver';
import { tempDir } from './database.ts';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** STORAGE_DRIVER and S3_* variables pointing at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(bucket = 'vitrine-test'): Promise<TestS3Server> {
  const directory = tempDir('vitrine-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
