// Meta's Graph API for tests, on loopback: records every POST /{phone-number-id}/messages (its bearer and
// JSON body) and answers as Meta does, with the new message's id in messages[0].id; records every upload
// to POST /{phone-number-id}/media (multipart: messaging_product, type and the file) and answers its id;
// serves the files customers sent (GET /{media-id} gives a URL, fetched with the same bearer).
// A test makes it fail (an HTTP status for every call) to see sends retried and then kept as failed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphCall {
  phoneNumberId: string;
  authorization: string | undefined;
  body: Record<string, unknown> & { to?: string; type?: string; text?: { body: string }; interactive?: Record<string, unknown> };
  /** The id answered (absent when the call was failed on purpose). */
  id?: string;
  status: number;
}

/** A file uploaded to POST /{phone-number-id}/media. */
export interface GraphUpload {
  phoneNumberId: string;
  authorization: string | undefined;
  /** The multipart's text fields (messaging_product, type). */
  fields: Record<string, string>;
  file: { filename: string; contentType: string; bytes: Buffer } | null;
  id?: string;
  status: number;
}

export interface GraphDownload {
  path: string;
  authorization: string | undefined;
}

export interface FakeGraph {
  /** The WHATSAPP_API_URL to give the app (the base with a version, as Meta's). */
  apiUrl: string;
  calls: GraphCall[];
  uploads: GraphUpload[];
  /** Every GET: a media's URL asked for, then its file (with the bearer each carried). */
  downloads: GraphDownload[];
  /** A file a customer sent, downloadable by its media id with `token` (GET /{media-id}, then its URL). */
  addMedia(bytes: Buffer, mimeType: string, token: string): string;
  /** The calls answered with an id, in order. */
  sent(): GraphCall[];
  /** Every call answers this status (and Meta's error body) until `failWith(null)`, uploads included. */
  failWith(status: number | null): void;
  /** Only uploads answer this status (and Meta's error body), until `failUploadsWith(null)`. */
  failUploadsWith(status: number | null): void;
  close(): Promise<void>;
}

/** The parts of a multipart/form-data body (enough of the format for the client's uploads). */
function parseMultipart(body: Buffer, contentType: string | undefined): { fields: Record<string, string>; file: GraphUpload['file'] } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  if (!contentType?.startsWith('multipart/form-data') || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  let file: GraphUpload['file'] = null;
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) return null;
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (filename !== undefined) {
      file = { filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '', bytes: Buffer.from(content) };
    } else fields[name] = content.toString('utf8');
    at = next;
  }
  return { fields, file };
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const calls: GraphCall[] = [];
  const uploads: GraphUpload[] = [];
  let failure: number | null = null;
  let uploadFailure: number | null = null;
  let counter = 0;
  let mediaCounter = 0;
  const files = new Map<string, { bytes: Buffer; mimeType: string }>();
  const downloads: GraphDownload[] = [];
  let expectedAuthorization: string | undefined;
  let origin = '';
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/v21\.0\/([^/]+)\/messages$/.exec(request.url ?? '');
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET') {
        downloads.push({ path: request.url ?? '', authorization: request.headers.authorization });
        if (request.headers.authorization !== expectedAuthorization) return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
        const info = /^\/v21\.0\/([^/?]+)/.exec(request.url ?? '');
        const file = /^\/lookaside\/([^/?]+)$/.exec(request.url ?? '');
        const stored = files.get(decodeURIComponent((info ?? file)?.[1] ?? ''));
        if (!stored) return answer(404, { error: { message: 'Unsupported get request', code: 100 } });
        if (info) {
          const id = decodeURIComponent(info[1]!);
          return answer(200, {
            messaging_product: 'whatsapp',
            url: `${origin}/lookaside/${encodeURIComponent(id)}`,
            mime_type: stored.mimeType,
            sha256: 'x',
            file_size: stored.bytes.length,
            id,
          });
        }
        response.writeHead(200, { 'content-type': stored.mimeType, 'content-length': String(stored.bytes.length) });
        return response.end(stored.bytes);
      }
      const media = /^\/v21\.0\/([^/]+)\/media$/.exec(request.url ?? '');
      if (request.method === 'POST' && media) {
        const parsed = parseMultipart(Buffer.concat(chunks), request.headers['content-type']);
        if (!parsed) return answer(400, { error: { message: 'Invalid multipart body', code: 100 } });
        const status = uploadFailure ?? failure ?? 200;
        const upload: GraphUpload = { phoneNumberId: decodeURIComponent(media[1]!), authorization: request.headers.authorization, ...parsed, status };
        uploads.push(upload);
        if (status !== 200) return answer(status, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
        if (parsed.fields.messaging_product !== 'whatsapp' || !parsed.file) return answer(400, { error: { message: 'Param file is required', code: 100 } });
        upload.id = String(9_000_000_000 + ++mediaCounter);
        return answer(200, { id: upload.id });
      }
      if (request.method !== 'POST' || !match) return answer(404, { error: { message: 'Unknown path', code: 100 } });
      let body: GraphCall['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GraphCall['body'];
      } catch {
        return answer(400, { error: { message: 'Invalid JSON', code: 100 } });
      }
      const call: GraphCall = { phoneNumberId: decodeURIComponent(match[1]!), authorization: request.headers.authorization, body, status: failure ?? 200 };
      calls.push(call);
      if (failure !== null) return answer(failure, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
      counter += 1;
      call.id = `wamid.TESTE${String(counter).padStart(6, '0')}`;
      answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: call.id }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `http://127.0.0.1:${port}/v21.0`,
    calls,
    uploads,
    downloads,
    addMedia(bytes, mimeType, token) {
      const id = String(8_000_000_000 + files.size + 1);
      files.set(id, { bytes, mimeType });
      expectedAuthorization = `Bearer ${token}`;
      return id;
    },
    sent: () => calls.filter((call) => call.id !== undefined),
    failWith(status) {
      failure = status;
    },
    failUploadsWith(status) {
      uploadFailure = status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
