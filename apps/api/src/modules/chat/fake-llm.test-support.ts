// A local server speaking the OpenAI chat-completions protocol, streamed as the real ones do
// (SSE `data: {...}` chunks, then `data: [DONE]`), told per test how to behave.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  | { kind: 'answer'; chunks: string[] }
  | { kind: 'status'; status: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Streams these chunks, then stops writing without ending. */
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'empty' };

export interface ReceivedRequest {
  headers: http.IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

export interface FakeLlm {
  baseUrl: string;
  behaviour: FakeBehaviour;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-teste',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'modelo-teste',
    choices: [{ index: 0, delta: content === null ? {} : { role: 'assistant', content }, finish_reason: finish }],
  })}\n\n`;

export async function startFakeLlm(initial: FakeBehaviour = { kind: 'answer', chunks: ['Olá!'] }): Promise<FakeLlm> {
  const received: ReceivedRequest[] = [];
  const fake: FakeLlm = {
    baseUrl: '',
    behaviour: initial,
    received,
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (raw += part));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(raw) as ReceivedRequest['body'] });
      const behaviour = fake.behaviour;
      if (behaviour.kind === 'hang') return;
      if (behaviour.kind === 'status') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'falha simulada', type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (behaviour.kind === 'empty') {
        response.end(`${chunk('')}${chunk(null, 'stop')}data: [DONE]\n\n`);
        return;
      }
      for (const text of behaviour.chunks) response.write(chunk(text));
      if (behaviour.kind === 'stall') return;
      response.end(`${chunk(null, 'stop')}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
