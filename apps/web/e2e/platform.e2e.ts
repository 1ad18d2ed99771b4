import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from './support/server.ts';

describe('the server process', () => {
  it('on SIGTERM finishes in-flight requests, closes event streams and exits 0', async () => {
    const server = await startServer();
    const stream = await fetch(`${server.url}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const streamEnded = stream.body!.pipeTo(new WritableStream()).then(() => 'ended', () => 'ended');

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ path: '/em-andamento', sessionId: 'desligamento-gracioso' });
    const inFlight = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/analytics/access-events`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => {
        server.process.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 100);
    });

    const response = await inFlight;
    expect(response.status).toBe(204);
    expect(response.connection).toBe('close');
    expect(await streamEnded).toBe('ended');
    expect(await server.stop()).toBe(0);
    expect(server.logs()).toContain('servidor encerrado');
  });

  it('stops with a message naming the variable when the configuration is invalid', async () => {
    await expect(startServer({ env: { PORT: 'not-a-port' } }).catch((error: Error) => Promise.reject(error))).rejects.toThrow(
      /PORT/,
    );
  });

  it('says which port is taken when another process holds it', async () => {
    const first = await startServer();
    try {
      await expect(startServer({ port: first.port })).rejects.toThrow(/A porta \d+ já está em uso/);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
});
