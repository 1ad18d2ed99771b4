// One interface for stored files, with a driver for local disk and one for S3-compatible object
// storage. Keys are `<bucket>/<generated name>`; they are checked here, once, for every driver.
import { Transform, type Readable, type TransformCallback } from 'node:stream';

export interface StoredObject {
  size: number;
  /** The type given at put (S3 keeps it; the disk driver derives it from the key's extension). */
  contentType: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface PutOptions {
  contentType: string;
  /** More bytes than this fail the put with StorageLimitError, and nothing is left stored. */
  maxBytes?: number;
}

export interface FileStorage {
  readonly driver: 'disk' | 's3';
  /**
   * Streams `body` to `key`. The object appears only once the whole body is stored: a body that
   * fails or goes over `maxBytes` leaves nothing behind (and an existing object is kept).
   */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** The object as a stream (the whole of it, or one byte range), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<(StoredObject & { body: Readable }) | null>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A cheap check that the storage can be used now (readiness): throws when it cannot. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'StorageKeyError';
  }
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

// Lower-case letters, digits, dot, dash and underscore, never starting with a dot: no separators,
// no '..', no hidden names, nothing a file system or an S3 gateway would read specially.
const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;

/** The key's segments, or StorageKeyError: a key can never name anything outside its bucket. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (key.length > 300 || segments.length < 2 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new StorageKeyError(key);
  }
  return segments;
}

/** Counts the bytes that pass and fails the stream once there are more than `maxBytes`. */
/**
 * A pipeline's promise that also fails as soon as one of its streams does: Node 22's pipeline() may settle
 * only once every stream has closed, and a multipart file's stream refused mid-way closes when the whole
 * request has arrived — the client would send everything before hearing the 413.
 */
export function failFast(piped: Promise<void>, streams: NodeJS.EventEmitter[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => reject(error);
    for (const stream of streams) stream.once('error', fail);
    piped.then(resolve, reject).finally(() => {
      for (const stream of streams) stream.off('error', fail);
    });
  });
}

export function byteCounter(maxBytes = Number.POSITIVE_INFINITY): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) return callback(new StorageLimitError(maxBytes));
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}
