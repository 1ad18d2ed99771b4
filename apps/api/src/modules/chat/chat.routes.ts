import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminChatConversationSchema,
  adminListQuerySchema,
  chatConversationSchema,
  chatConversationSummaryListSchema,
  chatExchangeSchema,
  chatFeedbackBodySchema,
  chatHandoffListSchema,
  chatMessageSchema,
  chatPaymentIntentListSchema,
  latestConversationSchema,
  publicShortcutListSchema,
  sendChatMessageBodySchema,
  shortcutRunListSchema,
  shortcutRunResponseSchema,
  type ChatStreamEvent,
} from '@vitrine/domain/chat';
import { uploadBuckets } from '@vitrine/domain/uploads';
import type { Database } from '../../db/client.ts';
import type { AppError } from '../../shared/errors.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { malformedUpload, noFileSent, notMultipart } from '../uploads/uploads.errors.ts';
import { sendStoredFile } from '../uploads/uploads.serve.ts';
import { createKnowledgeCache } from './chat.assistant.ts';
import { chatErrors } from './chat.errors.ts';
import type { LlmSource } from './chat.llm.ts';
import {
  assertCanSendFile,
  findConversationFile,
  latestConversation,
  listConversationSummaries,
  listHandoffs,
  listPaymentIntents,
  listPublicShortcuts,
  prepareTurn,
  readAdminConversation,
  readConversation,
  readShortcutEndpoint,
  listShortcutRuns,
  runWebhookShortcut,
  sendFile,
  setFeedback,
  startConversation,
  type ChatAccess,
  type ChatDeps,
  type ChatFileKind,
} from './chat.usecases.ts';
import { ensureVisitor, readVisitor } from './chat.visitor.ts';

const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});
const conversationParams = z.object({ id: z.uuid('Conversa inválida') });
const messageParams = conversationParams.extend({ messageId: z.uuid('Mensagem inválida') });
const fileParams = conversationParams.extend({ uploadId: z.uuid('Arquivo inválido') });

/** Per visitor (the cookie) and per client address: dropping the cookie does not reset the count. */
export const CHAT_LIMITS = {
  conversations: { perVisitor: 20, perIp: 60, windowMs: 10 * 60_000 },
  messages: { perVisitor: 20, perIp: 60, windowMs: 60_000 },
  files: { perVisitor: 10, perIp: 40, windowMs: 10 * 60_000 },
  feedback: { perIp: 120, windowMs: 60_000 },
  shortcutRuns: { perVisitor: 5, perIp: 30, windowMs: 10 * 60_000 },
} as const;

export interface ChatRoutesOptions {
  db: Database;
  storage: FileStorage;
  llm: LlmSource;
  /** The visitor cookie is Secure when the site is served over HTTPS. */
  secureCookies: boolean;
  /** ALLOW_PRIVATE_WEBHOOKS: shortcuts may call private addresses (development and tests only). */
  allowPrivateWebhooks: boolean;
}

export async function chatRoutes(app: FastifyInstance, { db, storage, llm, secureCookies, allowPrivateWebhooks }: ChatRoutesOptions) {
  const deps: ChatDeps = { db, storage, llm, assistant: createKnowledgeCache(db), logger: app.log };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Answers being written when the server stops are cut short: the built-in engine finishes them.
  const running = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const controller of running) controller.abort();
  });

  // A visitor given its cookie by this very request is counted under that new id.
  const newVisitors = new WeakMap<FastifyRequest, string>();
  const perVisitor = (name: string, max: number, timeWindow: number, error: (seconds: number) => AppError) => {
    const limiter = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request) => `chat-${name}:${newVisitors.get(request) ?? readVisitor(request) ?? `ip:${request.ip}`}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, result.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw error(seconds);
      }
    };
  };
  const perIp = (max: number, timeWindow: number) => ({ rateLimit: { max, timeWindow } });
  const limits = {
    conversations: perVisitor('conversations', CHAT_LIMITS.conversations.perVisitor, CHAT_LIMITS.conversations.windowMs, chatErrors.tooManyConversations),
    messages: perVisitor('messages', CHAT_LIMITS.messages.perVisitor, CHAT_LIMITS.messages.windowMs, chatErrors.tooManyMessages),
    files: perVisitor('files', CHAT_LIMITS.files.perVisitor, CHAT_LIMITS.files.windowMs, chatErrors.tooManyFiles),
    shortcutRuns: perVisitor('shortcut-runs', CHAT_LIMITS.shortcutRuns.perVisitor, CHAT_LIMITS.shortcutRuns.windowMs, chatErrors.tooManyShortcutRuns),
  };

  const access = async (request: FastifyRequest): Promise<ChatAccess> => ({
    visitorId: readVisitor(request),
    isAdmin: (await request.viewer())?.isPro ?? false,
  });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // ---------------------------------------------------------------- conversations

  typed.post(
    '/api/chat/conversations',
    {
      config: perIp(CHAT_LIMITS.conversations.perIp, CHAT_LIMITS.conversations.windowMs),
      schema: {
        tags: ['chat'],
        summary: 'Começa uma conversa com o assistente (o visitante é identificado por um cookie HttpOnly)',
        response: { 201: chatConversationSchema, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const visitorId = ensureVisitor(request, reply, secureCookies);
      newVisitors.set(request, visitorId);
      await limits.conversations(request, reply);
      const conversation = await startConversation(deps, visitorId);
      return noStore(reply).status(201).send(conversation);
    },
  );

  typed.get(
    '/api/chat/conversations/latest',
    {
      schema: {
        tags: ['chat'],
        summary: 'A conversa mais recente do visitante (null quando ainda não há)',
        response: { 200: latestConversationSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return { conversation: await latestConversation(deps, readVisitor(request)) };
    },
  );

  typed.get(
    '/api/chat/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Uma conversa: só para o visitante que a começou e para admins',
        params: conversationParams,
        response: { 200: chatConversationSchema, 404: errorResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return readConversation(deps, await access(request), request.params.id);
    },
  );

  typed.post(
    '/api/chat/conversations/:id/messages',
    {
      config: perIp(CHAT_LIMITS.messages.perIp, CHAT_LIMITS.messages.windowMs),
      schema: {
        tags: ['chat'],
        summary: 'Envia uma mensagem (ou a intenção de um botão da vitrine) e recebe a resposta do assistente',
        description:
          'Com `Accept: text/event-stream` a resposta vem em fluxo: eventos `user` (a mensagem gravada), `delta` (texto), `reset` (descarta o texto: o assistente embutido responde), `done` (a resposta gravada) ou `error`. Sem ele, JSON com as duas mensagens.',
        params: conversationParams,
        body: sendChatMessageBodySchema,
        response: { 200: chatExchangeSchema, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limits.messages(request, reply);
      const body = request.body;
      const turn = await prepareTurn(deps, readVisitor(request), request.params.id, body.intent ? { intent: body.intent } : { text: body.text! });
      const controller = new AbortController();
      running.add(controller);
      try {
        if (!request.headers.accept?.includes('text/event-stream')) {
          const { userMessage, reply: answer } = await turn.run({ signal: controller.signal });
          return noStore(reply).send({ userMessage, reply: answer });
        }
        return await streamTurn(reply, turn, controller.signal);
      } finally {
        running.delete(controller);
      }
    },
  );

  typed.put(
    '/api/chat/conversations/:id/messages/:messageId/feedback',
    {
      config: perIp(CHAT_LIMITS.feedback.perIp, CHAT_LIMITS.feedback.windowMs),
      schema: {
        tags: ['chat'],
        summary: 'Marca (ou desmarca, com null) a avaliação positiva ou negativa de uma resposta do assistente',
        params: messageParams,
        body: chatFeedbackBodySchema,
        response: { 200: chatMessageSchema, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const message = await setFeedback(deps, readVisitor(request), request.params.id, request.params.messageId, request.body.feedback);
      return noStore(reply).send(message);
    },
  );

  // ---------------------------------------------------------------- files

  await app.register(async (scope) => {
    // Multipart is parsed only in this scope; one file and nothing else.
    await scope.register(multipart, { limits: { files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 } });
    const fileRoute = (path: string, kind: ChatFileKind, summary: string) =>
      scope.withTypeProvider<ZodTypeProvider>().post(
        path,
        {
          config: perIp(CHAT_LIMITS.files.perIp, CHAT_LIMITS.files.windowMs),
          schema: {
            tags: ['chat'],
            summary,
            consumes: ['multipart/form-data'],
            params: conversationParams,
            response: { 201: chatExchangeSchema, 400: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse },
          },
        },
        async (request, reply) => {
          await limits.files(request, reply);
          const visitorId = readVisitor(request);
          if (!request.isMultipart()) throw notMultipart();
          // Whose conversation it is is checked before a byte of the file is read.
          await assertCanSendFile(deps, visitorId, request.params.id);
          const maxBytes = uploadBuckets[kind === 'image' ? 'chat-attachments' : 'chat-audio'].maxBytes;
          // One byte over the limit is enough to know the file is too large; busboy stops there.
          const part = await request.file({ limits: { fileSize: maxBytes + 1 } }).catch(() => {
            throw malformedUpload();
          });
          if (!part) throw noFileSent();
          try {
            const exchange = await sendFile(deps, visitorId, request.params.id, kind, { body: part.file, clientName: part.filename });
            return noStore(reply).status(201).send(exchange);
          } catch (error) {
            // Read the rest of a refused file, so the client finishes sending and reads the answer.
            if (!part.file.destroyed) part.file.resume();
            throw error;
          }
        },
      );
    fileRoute('/api/chat/conversations/:id/images', 'image', 'Envia uma imagem (JPG, PNG, GIF ou WebP pelo conteúdo, até 10 MB)');
    fileRoute('/api/chat/conversations/:id/voice-notes', 'audio', 'Envia um áudio gravado (WebM, OGG, MP4/M4A, MP3 ou WAV pelo conteúdo, até 10 MB)');
  });

  typed.get(
    '/api/chat/conversations/:id/files/:uploadId',
    {
      compress: false,
      schema: {
        tags: ['chat'],
        summary: 'Entrega a imagem ou o áudio de uma mensagem: só para o visitante da conversa e para admins',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const upload = await findConversationFile(deps, await access(request), request.params.id, request.params.uploadId);
      return sendStoredFile(request, reply, { storage, upload, cache: 'private' });
    },
  );

  // ---------------------------------------------------------------- shortcuts

  typed.get(
    '/api/chat/shortcuts',
    {
      schema: {
        tags: ['chat'],
        summary: 'Atalhos ativos, por ordem (PIX com o código BR Code; nunca a URL ou o segredo de um webhook)',
        response: { 200: publicShortcutListSchema },
      },
    },
    async () => listPublicShortcuts(deps),
  );

  typed.post(
    '/api/chat/shortcuts/:id/run',
    {
      config: perIp(CHAT_LIMITS.shortcutRuns.perIp, CHAT_LIMITS.shortcutRuns.windowMs),
      schema: {
        tags: ['chat'],
        summary: 'Executa um atalho de webhook: o servidor envia o webhook assinado pela fila de entregas',
        params: z.object({ id: z.uuid('Atalho inválido') }),
        response: { 202: shortcutRunResponseSchema, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await limits.shortcutRuns(request, reply);
      const queued = await runWebhookShortcut(deps, request.params.id, { allowPrivate: allowPrivateWebhooks });
      return noStore(reply).status(202).send(queued);
    },
  );

  // ---------------------------------------------------------------- admin reads

  typed.get(
    '/api/chat/admin/conversations',
    {
      schema: {
        tags: ['chat'],
        summary: 'Conversas do assistente, mais recentes primeiro — somente admin',
        querystring: adminListQuerySchema,
        response: { 200: chatConversationSummaryListSchema },
      },
    },
    async (request) => listConversationSummaries(deps, request.query.limit, request.query.offset),
  );

  typed.get(
    '/api/chat/admin/conversations/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Uma conversa com as avaliações, anexos, pedidos de atendente e PIX oferecidos — somente admin',
        params: conversationParams,
        response: { 200: adminChatConversationSchema, 404: errorResponse },
      },
    },
    async (request) => readAdminConversation(deps, request.params.id),
  );

  typed.get(
    '/api/chat/admin/handoffs',
    {
      schema: {
        tags: ['chat'],
        summary: 'Pedidos para falar com um atendente humano — somente admin',
        querystring: adminListQuerySchema,
        response: { 200: chatHandoffListSchema },
      },
    },
    async (request) => listHandoffs(deps, request.query.limit, request.query.offset),
  );

  typed.get(
    '/api/chat/admin/shortcut-runs',
    {
      schema: {
        tags: ['chat'],
        summary: 'Execuções de atalhos de webhook, com cada tentativa de entrega — somente admin',
        querystring: adminListQuerySchema.extend({ shortcutId: z.uuid('Atalho inválido').optional() }),
        response: { 200: shortcutRunListSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listShortcutRuns(deps, request.query.shortcutId, request.query.limit, request.query.offset);
    },
  );

  typed.get(
    '/api/chat/admin/shortcuts/:id/webhook-endpoint',
    {
      schema: {
        tags: ['chat'],
        summary: 'URL e segredo de assinatura (Standard Webhooks) do webhook de um atalho, para configurar o receptor — somente admin',
        params: z.object({ id: z.uuid('Atalho inválido') }),
        response: { 200: z.object({ url: z.string(), secret: z.string() }), 404: errorResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return readShortcutEndpoint(deps, request.params.id);
    },
  );

  typed.get(
    '/api/chat/admin/payment-intents',
    {
      schema: {
        tags: ['chat'],
        summary: 'PIX oferecidos nas conversas (valor, txid da conversa, BR Code) — somente admin',
        querystring: adminListQuerySchema,
        response: { 200: chatPaymentIntentListSchema },
      },
    },
    async (request) => listPaymentIntents(deps, request.query.limit, request.query.offset),
  );
}

/** Streams a turn as server-sent events on the POST's own response. */
async function streamTurn(reply: FastifyReply, turn: Awaited<ReturnType<typeof prepareTurn>>, signal: AbortSignal) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const send = (frame: ChatStreamEvent) => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(`event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`);
  };
  send({ event: 'user', data: turn.userMessage });
  try {
    const exchange = await turn.run({
      signal,
      onDelta: (text) => send({ event: 'delta', data: { text } }),
      onReset: () => send({ event: 'reset', data: {} }),
    });
    send({ event: 'done', data: exchange.reply });
  } catch (error) {
    reply.log.error({ err: error }, 'falha ao gravar a resposta do assistente');
    send({ event: 'error', data: { error: { code: 'chat.answer_failed', message: 'Não foi possível responder agora. Tente novamente.' } } });
  } finally {
    raw.end();
  }
  return reply;
}
