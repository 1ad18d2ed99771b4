// HTTP over a plain socket, for what fetch and node:http will not send (no Host, a trickled body, a
// header of 20 KB) and for answers written at the edge, before any request object exists.
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function parseRawResponse(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 4);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { statusLine, status: Number(statusLine.split(' ')[1]), headers, body };
}

/** A connection whose bytes the test writes when it likes; `closed` resolves with all it received. */
export interface RawConnection {
  socket: net.Socket;
  write(bytes: string | Buffer): void;
  /** Everything received, once the server closed the connection, and when that happened. */
  closed: Promise<{ text: string; at: number }>;
  received(): string;
}

export function openRaw(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const closed = new Promise<{ text: string; at: number }>((done) => {
      // A reset after the answer was read still counts as closed; what was read is kept.
      socket.on('error', () => undefined);
      socket.on('close', () => done({ text: Buffer.concat(chunks).toString('utf8'), at: performance.now() }));
    });
    socket.once('connect', () =>
      resolve({
        socket,
        write: (bytes) => void (socket.writable && socket.write(bytes)),
        closed,
        received: () => Buffer.concat(chunks).toString('utf8'),
      }),
    );
    socket.once('error', reject);
  });
}

/** Sends raw bytes on a new connection and reads until the server closes it. */
export async function rawExchange(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  const connection = await openRaw(port);
  connection.write(bytes);
  return parseRawResponse((await connection.closed).text);
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request on its own connection (no keep-alive pool), timed from the first byte sent to the last received. */
export function httpRequest(
  port: number,
  { method = 'GET', path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
