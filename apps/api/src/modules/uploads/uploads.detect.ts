// The type of an upload comes from its first bytes (magic numbers), never from its name or from
// the type the browser claims. The bytes read to decide are handed on, so nothing is lost.
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** file-type's own "reasonable detection size". */
export const DEFAULT_SAMPLE_BYTES = 4100;

export interface Sniffed {
  /** The detected MIME type, or undefined when the content matches no known binary format. */
  mime: string | undefined;
  /** How many bytes were read (0: an empty file). */
  sampledBytes: number;
  /** The whole file again, from its first byte. */
  body: Readable;
}

export async function sniffFileType(source: Readable, sampleBytes = DEFAULT_SAMPLE_BYTES): Promise<Sniffed> {
  const chunks: Buffer[] = [];
  let length = 0;
  // Read until the sample is complete (a multipart stream delivers small chunks), keeping the
  // stream alive for the rest.
  const reader = source.iterator({ destroyOnReturn: false });
  while (length < sampleBytes) {
    const next = await reader.next();
    if (next.done) break;
    const chunk = next.value as Buffer;
    chunks.push(chunk);
    length += chunk.length;
  }
  await reader.return?.();
  const head = Buffer.concat(chunks);
  const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* source;
    })(),
    { objectMode: false },
  );
  return { mime: detected?.mime, sampledBytes: head.length, body };
}
