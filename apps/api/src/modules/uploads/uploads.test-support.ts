// Test files with real magic bytes, multipart bodies as a browser sends them, and a look at what
// the uploads left on disk and in the database.
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/access/me")</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
/** The start of a Windows executable. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510)]);

/** A PNG signature followed by `size` bytes in total: a valid start, whatever its length. */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length), 7)]);

export interface FormFile {
  data: Buffer;
  /** The client's file name, sent as is (paths included). */
  name?: string;
  /** The type the browser claims. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body, encoded the way fetch encodes a FormData. */
export async function multipartBody(files: FormFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field ?? 'file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'arquivo');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** Every file under DATA_DIR/uploads, partial files included, relative to that folder. */
export function filesUnder(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

export const uploadRows = (db: Database) => db.select().from(uploads);
