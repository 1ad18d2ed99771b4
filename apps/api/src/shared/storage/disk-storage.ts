// Files on local disk, under one root directory (DATA_DIR/uploads). A put writes to a partial file
// beside the tree and renames it into place only when the whole body is there, so a reader never
// sees half an object and a failed upload leaves nothing behind.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import mime from 'mime';
import { byteCounter, failFast, keySegments, type ByteRange, type FileStorage, type StoredObject } from './storage.ts';

// Keys never start with a dot, so this folder can never be named by one.
const PARTIAL_DIR = '.partial';
/** Partial files this old were left by a crash; a live upload renames or removes its own. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

export interface DiskStorageOptions {
  root: string;
}

export async function createDiskStorage({ root }: DiskStorageOptions): Promise<FileStorage> {
  const base = path.resolve(root);
  const partialDir = path.join(base, PARTIAL_DIR);
  // The visitors' and the shop's files are the owner's only, whatever the umask.
  await fsp.mkdir(partialDir, { recursive: true, mode: 0o700 });
  await removeStalePartials(partialDir);

  const pathOf = (key: string) => {
    const full = path.join(base, ...keySegments(key));
    // keySegments already refuses separators and dot segments; this is the last line of defence.
    if (!full.startsWith(base + path.sep)) throw new Error('storage key escapes the root');
    return full;
  };
  const contentTypeOf = (key: string) => mime.getType(key) ?? 'application/octet-stream';

  const stat = async (key: string): Promise<StoredObject | null> => {
    const file = pathOf(key);
    try {
      const info = await fsp.stat(file);
      return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    driver: 'disk',

    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      const partial = path.join(partialDir, randomUUID());
      const counter = byteCounter(maxBytes);
      try {
        const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
        await failFast(pipeline(body, counter, out), [body, counter, out]).catch((error: unknown) => {
          counter.destroy();
          out.destroy();
          throw error;
        });
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(partial, target);
      } catch (error) {
        body.destroy();
        await fsp.rm(partial, { force: true });
        throw error;
      }
      return { size: counter.bytes, contentType: contentTypeOf(key) };
    },

    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      // Reading through the handle opened above: the size and the bytes belong to the same file.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      const size = range ? Math.max(0, Math.min(range.end, info.size - 1) - range.start + 1) : info.size;
      return { body, size, contentType: contentTypeOf(key) };
    },

    stat,

    async exists(key) {
      return (await stat(key)) !== null;
    },

    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    // Writable: where every put begins (a partial file), so a read-only or missing disk shows here.
    async probe() {
      await fsp.access(partialDir, fs.constants.R_OK | fs.constants.W_OK);
    },

    async close() {},
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function removeStalePartials(dir: string) {
  const now = Date.now();
  for (const name of await fsp.readdir(dir)) {
    const file = path.join(dir, name);
    const info = await fsp.stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_PARTIAL_MS) await fsp.rm(file, { force: true });
  }
}
