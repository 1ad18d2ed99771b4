import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '@vitrine/domain/chat';
import { testEnv } from '../../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { chatMessages } from '../../db/schema.ts';
import { AmountGuard, amountsIn, LlmFailure, systemPrompt, type LlmSettings } from './chat.llm.ts';
import { configurePixRecipient, insertPlans, newVisitor, ORIGIN } from './chat.test-support.ts';
import { startFakeLlm, type FakeLlm } from './fake-llm.test-support.ts';

let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm();
});
afterAll(() => fake.close());

let database: TestDatabase;
let app: FastifyInstance;
let settings: LlmSettings;
beforeEach(async () => {
  database = await createTestDatabase();
  settings = { baseUrl: fake.baseUrl, model: 'modelo-teste', apiKey: 'chave-de-teste', firstTokenTimeoutMs: 2_000, totalTimeoutMs: 4_000 };
  app = await buildApp({ env: testEnv(), database, llm: async () => settings });
  await app.ready();
  await insertPlans(database.db, [
    { name: 'Básico', monthly: 35 },
    { name: 'Premium', monthly: 40 },
  ]);
  fake.received.length = 0;
});
afterEach(async () => {
  await app.close();
  await database.close();
});

type Frame = { event: string; data: unknown };

async function askStreamed(text: string) {
  const visitor = await newVisitor(app, { contact: true });
  const response = await app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${visitor.conversation.id}/messages`,
    headers: { origin: ORIGIN, cookie: visitor.cookie, accept: 'text/event-stream' },
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  const frames: Frame[] = response.body
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => ({ event: /^event: (.+)$/m.exec(frame)![1]!, data: JSON.parse(/^data: (.+)$/m.exec(frame)![1]!) as unknown }));
  const done = frames.find((frame) => frame.event === 'done')!.data as ChatMessage;
  const stored = await app.inject({ method: 'GET', url: `/api/chat/conversations/${visitor.conversation.id}`, headers: { cookie: visitor.cookie } });
  return { frames, done, stored: (stored.json() as ChatConversation).messages.at(-1)!, visitor };
}

/** The text the browser shows: deltas added up, dropped again at a reset. */
const shownText = (frames: Frame[]) =>
  frames.reduce((text, frame) => (frame.event === 'reset' ? '' : frame.event === 'delta' ? text + (frame.data as { text: string }).text : text), '');

const builtinPremiumAnswer = 'O plano **Premium** custa R$ 40,00/mês.';

describe('the language model writes the answer from our facts, streamed', () => {
  it('streams the model’s words as they arrive and appends our price lines; the model got the facts, never asked to invent prices', async () => {
    fake.behaviour = { kind: 'answer', chunks: ['O Premium ', 'é o nosso plano ', 'mais popular, com 4K.'] };
    const { frames, done, stored } = await askStreamed('quanto custa o plano premium?');

    const deltas = frames.filter((frame) => frame.event === 'delta').map((frame) => (frame.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(frames.some((frame) => frame.event === 'reset')).toBe(false);
    expect(done.content).toMatch(/^O Premium é o nosso plano mais popular, com 4K\.\n\n- Mensal: R\$ 40,00\/mês\n/);
    expect(done.content).toContain('- Anual: R$ 408,00/ano');
    expect(shownText(frames)).toBe(done.content);
    expect(stored).toEqual(done);

    const [request] = fake.received;
    expect(request!.headers.authorization).toBe('Bearer chave-de-teste');
    expect(request!.body.stream).toBe(true);
    expect(request!.body.model).toBe('modelo-teste');
    const system = request!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('Plano Premium: Mensal: R$ 40,00/mês');
    expect(system.content).toContain('Não escreva valores em reais');
    expect(request!.body.messages.at(-1)).toEqual({ role: 'user', content: 'quanto custa o plano premium?' });
  });

  it('lets through an amount the model copies from our facts', async () => {
    fake.behaviour = { kind: 'answer', chunks: ['O Premium sai por R', '$ 40', ',00 por mês.'] };
    const { frames, done } = await askStreamed('quanto custa o plano premium?');
    expect(frames.some((frame) => frame.event === 'reset')).toBe(false);
    expect(done.content).toMatch(/^O Premium sai por R\$ 40,00 por mês\./);
  });

  it('never shows an amount the model made up: the built-in engine answers instead', async () => {
    fake.behaviour = { kind: 'answer', chunks: ['Hoje o Premium custa só R', '$ 19', ',90 por mês!'] };
    const { frames, done } = await askStreamed('quanto custa o plano premium?');
    expect(frames.map((frame) => JSON.stringify(frame.data)).join('')).not.toContain('19,90');
    expect(done.content.startsWith(builtinPremiumAnswer)).toBe(true);
    expect(shownText(frames)).toBe(done.content);
  });

  it('keeps the PIX offer from our data when the model writes the prose', async () => {
    await configurePixRecipient(database.db);
    fake.behaviour = { kind: 'answer', chunks: ['Perfeito, ', 'o plano anual é a melhor escolha.'] };
    const visitor = await newVisitor(app, { contact: true });
    const response = await visitor.say({ intent: { kind: 'plan', plan: 'Premium', period: 'annual' } });
    const { reply } = response.json() as { reply: ChatMessage };
    expect(reply.content).toBe('Perfeito, o plano anual é a melhor escolha.\n\n**Plano Premium — Anual**: R$ 408,00/ano');
    expect(reply.pix?.value).toBe(408);
  });
});

describe('when the model fails, the built-in engine answers and the visitor sees no error', () => {
  it('on a server error (500)', async () => {
    fake.behaviour = { kind: 'status', status: 500 };
    const { frames, done, stored } = await askStreamed('quanto custa o plano premium?');
    expect(frames.map((frame) => frame.event)).toEqual(['user', 'delta', 'done']);
    expect(done.content.startsWith(builtinPremiumAnswer)).toBe(true);
    expect(stored).toEqual(done);
    const [row] = await database.db.select({ engine: chatMessages.engine }).from(chatMessages).where(eq(chatMessages.id, done.id));
    expect(row!.engine).toBe('builtin');
  });

  it('when it never starts answering (first-token timeout)', async () => {
    settings = { ...settings, firstTokenTimeoutMs: 300 };
    fake.behaviour = { kind: 'hang' };
    const { frames, done } = await askStreamed('quanto custa o plano premium?');
    expect(frames.map((frame) => frame.event)).toEqual(['user', 'delta', 'done']);
    expect(done.content.startsWith(builtinPremiumAnswer)).toBe(true);
  });

  it('when it stops in the middle (total timeout): what was shown is dropped and replaced', async () => {
    settings = { ...settings, totalTimeoutMs: 600 };
    fake.behaviour = { kind: 'stall', chunks: ['O Premium é ', 'ótimo e '] };
    const { frames, done } = await askStreamed('quanto custa o plano premium?');
    const events = frames.map((frame) => frame.event);
    expect(events.slice(0, 2)).toEqual(['user', 'delta']);
    expect(events).toContain('reset');
    expect(events.at(-1)).toBe('done');
    expect(done.content.startsWith(builtinPremiumAnswer)).toBe(true);
    expect(shownText(frames)).toBe(done.content);
  });

  it('when it answers nothing', async () => {
    fake.behaviour = { kind: 'empty' };
    const { frames, done } = await askStreamed('quanto custa o plano premium?');
    expect(frames.map((frame) => frame.event)).toEqual(['user', 'delta', 'done']);
    expect(done.content.startsWith(builtinPremiumAnswer)).toBe(true);
  });
});

describe('the amount check', () => {
  it('reads amounts written with R$ or as reais, in cents', () => {
    expect(amountsIn('De R$ 1.234,56 por R$40 ou 35 reais, e R$ 7,5')).toEqual([123456, 4000, 3500, 750]);
    expect(amountsIn('+9.000 filmes e 4K')).toEqual([]);
  });

  it('holds back a tail that may still become an amount, and refuses one that is not ours', () => {
    const guard = new AmountGuard(new Set([4000]));
    expect(guard.push('Custa R')).toBe('Custa ');
    expect(guard.push('$ 40')).toBe('');
    expect(guard.push(',00 por mês')).toBe('R$ 40,00 por mês');
    expect(guard.push(' ou R$ 39,99.')).toBe(' ou ');
    expect(() => guard.finish()).toThrow(LlmFailure);

    const pix = new AmountGuard(new Set());
    expect(() => pix.push('Pague com 00020126580014br.gov.bcb.pix e pronto ')).toThrow(/PIX/);
  });
});

describe("the store's instructions", () => {
  it('come after the fixed rules and before the facts, and are left out when there are none', () => {
    const prompt = systemPrompt(['O plano Básico custa R$ 35,00.'], 'Trate o cliente por você.');
    expect(prompt.indexOf('Não escreva valores em reais')).toBeLessThan(prompt.indexOf('Trate o cliente por você.'));
    expect(prompt.indexOf('Trate o cliente por você.')).toBeLessThan(prompt.indexOf('Fatos:'));
    expect(systemPrompt([])).not.toContain('Instruções da loja');
  });
});
