// One contract for every storage driver: the disk driver and the S3 driver (against a local
// S3-compatible server on loopback) must behave the same way, byte for byte.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/database.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { parseEnv } from '../../config/env.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createStorageFromEnv } from './storage-from-env.ts';
import { StorageKeyError, StorageLimitError, type FileStorage } from './storage.ts';

interface DriverUnderTest {
  storage: FileStorage;
  /** Every file the driver keeps on disk, when it keeps them on this machine. */
  filesOnDisk?: () => string[];
  teardown(): Promise<void>;
}

const MiB = 1024 * 1024;

/** `chunks` chunks of 1 MiB, chunk i filled with byte i, produced one at a time (never all in memory). */
function generatedBody(chunks: number, failAfter?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(MiB, i % 256);
      if (failAfter) throw failAfter;
    })(),
  );
}

function generatedDigest(chunks: number) {
  const hash = createHash('sha256');
  for (let i = 0; i < chunks; i++) hash.update(Buffer.alloc(MiB, i % 256));
  return hash.digest('hex');
}

async function digestOf(body: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function textOf(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const bodyOf = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);

const TRAVERSAL_KEYS = [
  '../escaped.png',
  'logos/../../escaped.png',
  '/etc/passwd',
  'logos/..',
  'logos\\..\\..\\escaped.png',
  'logos/.hidden',
  'logos//double.png',
  'logos/%2e%2e%2fescaped.png',
  'logos/name\u0000.png',
  'only-a-name.png',
  '',
];

function describeStorageContract(driverName: string, start: () => Promise<DriverUnderTest>) {
  describe(`storage contract: ${driverName}`, () => {
    let driver: DriverUnderTest;
    let storage: FileStorage;

    beforeAll(async () => {
      driver = await start();
      storage = driver.storage;
    });
    afterAll(() => driver?.teardown());

    it('keeps what was put: the same bytes, size and type, until it is deleted', async () => {
      const stored = await storage.put('logos/first.png', bodyOf('não é bem um PNG'), { contentType: 'image/png' });
      expect(stored.size).toBe(Buffer.byteLength('não é bem um PNG'));

      expect(await storage.exists('logos/first.png')).toBe(true);
      expect(await storage.stat('logos/first.png')).toEqual({ size: stored.size, contentType: 'image/png' });
      const object = await storage.get('logos/first.png');
      expect(object).toMatchObject({ size: stored.size, contentType: 'image/png' });
      expect(await textOf(object!.body)).toBe('não é bem um PNG');

      await storage.delete('logos/first.png');
      expect(await storage.exists('logos/first.png')).toBe(false);
      expect(await storage.get('logos/first.png')).toBeNull();
    });

    it('streams a body of several megabytes in and out without changing a byte', async () => {
      const chunks = 12; // larger than one multipart part on S3
      const stored = await storage.put('installers/big.zip', generatedBody(chunks), { contentType: 'application/zip' });
      expect(stored.size).toBe(chunks * MiB);

      const object = await storage.get('installers/big.zip');
      expect(object?.size).toBe(chunks * MiB);
      expect(await digestOf(object!.body)).toBe(generatedDigest(chunks));
      await storage.delete('installers/big.zip');
    });

    it('reads one byte range of an object', async () => {
      await storage.put('media/range.webm', bodyOf('0123456789abcdef'), { contentType: 'video/webm' });
      const object = await storage.get('media/range.webm', { start: 4, end: 9 });
      expect(object?.size).toBe(6);
      expect(await textOf(object!.body)).toBe('456789');
      await storage.delete('media/range.webm');
    });

    it('replaces an object put again under the same key', async () => {
      await storage.put('logos/again.png', bodyOf('primeira'), { contentType: 'image/png' });
      await storage.put('logos/again.png', bodyOf('segunda versão'), { contentType: 'image/png' });
      expect(await textOf((await storage.get('logos/again.png'))!.body)).toBe('segunda versão');
      await storage.delete('logos/again.png');
    });

    it('answers a missing key with null, false and a harmless delete', async () => {
      expect(await storage.get('logos/never-stored.png')).toBeNull();
      expect(await storage.stat('logos/never-stored.png')).toBeNull();
      expect(await storage.exists('logos/never-stored.png')).toBe(false);
      await expect(storage.delete('logos/never-stored.png')).resolves.toBeUndefined();
    });

    it('refuses a body over the size limit while streaming it, and stores nothing', async () => {
      await expect(storage.put('installers/too-big.zip', generatedBody(10), { contentType: 'application/zip', maxBytes: 3 * MiB })).rejects.toBeInstanceOf(
        StorageLimitError,
      );
      expect(await storage.exists('installers/too-big.zip')).toBe(false);
      expect(driver.filesOnDisk?.() ?? []).toEqual([]);
    });

    it('keeps the existing object when a replacement goes over the limit', async () => {
      await storage.put('logos/kept.png', bodyOf('original'), { contentType: 'image/png' });
      await expect(storage.put('logos/kept.png', generatedBody(2), { contentType: 'image/png', maxBytes: MiB })).rejects.toBeInstanceOf(StorageLimitError);
      expect(await textOf((await storage.get('logos/kept.png'))!.body)).toBe('original');
      await storage.delete('logos/kept.png');
    });

    it('stores nothing when the body breaks off half-way, and reports the body’s own error', async () => {
      const broken = new Error('o cliente desconectou');
      await expect(storage.put('installers/broken.zip', generatedBody(10, broken), { contentType: 'application/zip' })).rejects.toBe(broken);
      await expect(storage.put('logos/broken.png', generatedBody(1, broken), { contentType: 'image/png' })).rejects.toBe(broken);
      expect(await storage.exists('installers/broken.zip')).toBe(false);
      expect(await storage.exists('logos/broken.png')).toBe(false);
      expect(driver.filesOnDisk?.() ?? []).toEqual([]);
    });

    it.each(TRAVERSAL_KEYS)('refuses the key %j for every operation', async (key) => {
      await expect(storage.put(key, bodyOf('fora'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    });
  });
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describeStorageContract('disk', async () => {
  // The root sits inside a sandbox, so a key that escaped the root would show up beside it.
  const sandbox = tempDir('vitrine-storage-');
  const root = path.join(sandbox, 'uploads');
  const storage = await createDiskStorage({ root });
  return {
    storage,
    filesOnDisk: () => listFiles(sandbox),
    async teardown() {
      await storage.close();
      fs.rmSync(sandbox, { recursive: true, force: true });
    },
  };
});

describeStorageContract('s3 (local S3-compatible server)', async () => {
  const server = await startS3Server();
  const storage = await createStorageFromEnv(parseEnv(server.env));
  return {
    storage,
    async teardown() {
      await storage.close();
      await server.stop();
    },
  };
});
