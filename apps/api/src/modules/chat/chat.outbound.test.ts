// The language model's address goes through the one outbound client: an address inside the
// network (set in the environment, or a public-looking name that resolves to loopback) gets no
// request at all, the visitor gets the built-in answer, and the log says why without the API key.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@vitrine/domain/chat';
import { testEnv } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { captureLogs, type CapturedLogs } from '../../../test/logs.ts';
import { buildApp } from '../../app.ts';
import type { Resolver } from '../../shared/outbound-address.ts';
import { insertPlans, newVisitor, ORIGIN } from './chat.test-support.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.test-support.ts';

const API_KEY = 'sk-chave-secreta-do-modelo-1234';
/** The built-in engine's answer starts so; the model's would not. */
const builtinPremiumAnswer = /^O plano \*\*Premium\*\* custa R\$ 40,00\/mês\.\n/;

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm({ kind: 'answer', chunks: ['O Premium é o mais pedido.'] });
});
afterAll(() => fake.close());

let database: TestDatabase | undefined;
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

/** The real app, its model set by LLM_* (the same path the admin's setting takes), logging into memory. */
async function start(env: Record<string, string>, outbound: { resolve?: Resolver } = {}): Promise<{ app: FastifyInstance; logs: CapturedLogs }> {
  const logs = captureLogs();
  database = await createTestDatabase();
  app = await buildApp({ env: testEnv({ LLM_MODEL: 'modelo-teste', LLM_API_KEY: API_KEY, ...env }), database, logger: logs.logger, outbound });
  await app.ready();
  await insertPlans(database.db, [{ name: 'Premium', monthly: 40 }]);
  fake.received.length = 0;
  return { app, logs };
}

async function ask(target: FastifyInstance, text: string): Promise<ChatMessage> {
  const visitor = await newVisitor(target);
  const response = await target.inject({
    method: 'POST',
    url: `/api/chat/conversations/${visitor.conversation.id}/messages`,
    headers: { origin: ORIGIN, cookie: visitor.cookie, accept: 'text/event-stream' },
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  const done = response.body.split('\n\n').find((frame) => frame.startsWith('event: done'))!;
  return JSON.parse(/^data: (.+)$/m.exec(done)![1]!) as ChatMessage;
}

const fallbackLog = (logs: CapturedLogs) => logs.withMessage('o modelo de linguagem não respondeu; o assistente embutido respondeu');

// Each test builds its own app and database (the model's address is its environment): more than the
// default 30 s on a loaded machine.
describe('the language model behind the outbound guard', { timeout: 120_000 }, () => {
  it('sends nothing to a loopback model address and answers from the built-in engine', async () => {
    const { app, logs } = await start({ ALLOW_PRIVATE_WEBHOOKS: 'false', LLM_BASE_URL: fake.baseUrl });

    const answer = await ask(app, 'quanto custa o plano premium?');

    expect(answer.content).toMatch(builtinPremiumAnswer);
    expect(fake.received).toHaveLength(0);
    const [entry] = fallbackLog(logs);
    expect(entry).toMatchObject({ reason: 'error', err: { message: expect.stringContaining('O endereço 127.0.0.1 é local, privado ou reservado') } });
    expect(logs.text()).not.toContain(API_KEY);
  });

  it('refuses, when connecting, a public-looking name that resolves to loopback', async () => {
    const asked: string[] = [];
    const resolve: Resolver = (hostname, _options, callback) => {
      asked.push(hostname);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    };
    const port = new URL(fake.baseUrl).port;
    const { app, logs } = await start({ ALLOW_PRIVATE_WEBHOOKS: 'false', LLM_BASE_URL: `http://modelo.example.test:${port}/v1` }, { resolve });

    const answer = await ask(app, 'quanto custa o plano premium?');

    expect(answer.content).toMatch(builtinPremiumAnswer);
    expect(asked).toEqual(['modelo.example.test']);
    expect(fake.received).toHaveLength(0);
    expect(fallbackLog(logs)[0]?.err?.message).toContain('O endereço 127.0.0.1 é local, privado ou reservado');
    expect(logs.text()).not.toContain(API_KEY);
  });

  it('reaches the same fake model when private addresses are allowed (development and tests), with its key', async () => {
    const { app } = await start({ ALLOW_PRIVATE_WEBHOOKS: 'true', LLM_BASE_URL: fake.baseUrl });

    const answer = await ask(app, 'quanto custa o plano premium?');

    expect(answer.content).toMatch(/^O Premium é o mais pedido\./);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('cuts a model answer larger than the cap and answers from the built-in engine', async () => {
    fake.behaviour = { kind: 'answer', chunks: Array.from({ length: 40 }, () => 'palavra '.repeat(16)) };
    try {
      const { app, logs } = await start({ ALLOW_PRIVATE_WEBHOOKS: 'true', LLM_BASE_URL: fake.baseUrl, OUTBOUND_MAX_RESPONSE_BYTES: '4096' });

      const answer = await ask(app, 'quanto custa o plano premium?');

      expect(answer.content).toMatch(builtinPremiumAnswer);
      expect(fake.received).toHaveLength(1);
      expect(fallbackLog(logs)[0]?.err?.message).toContain('A resposta passou de 4096 bytes');
    } finally {
      fake.behaviour = { kind: 'answer', chunks: ['O Premium é o mais pedido.'] };
    }
  });
});
