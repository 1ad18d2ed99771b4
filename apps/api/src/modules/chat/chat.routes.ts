import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatStreamEvent } from '@vitrine/domain/chat';
import { adminShortcutActionsContract } from '@vitrine/domain/chat-admin.contract';
import { chatContract } from '@vitrine/domain/chat.contract';
import { uploadBuckets } from '@vitrine/domain/uploads';
import { adminActor } from '../../shared/audit/actor.ts';
import type { AppError } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { malformedUpload, noFileSent, notMultipart } from '../uploads/uploads.errors.ts';
import { sendStoredFile } from '../uploads/uploads.serve.ts';
import { chatErrors } from './chat.errors.ts';
import {
  assertCanSendFile,
  findConversationFile,
  handBack,
  latestConversation,
  listConversationSummaries,
  listHandoffs,
  listPaymentIntents,
  listPublicShortcuts,
  listShortcutRuns,
  prepareTurn,
  readAdminConversation,
  readConversation,
  readShortcutEndpoint,
  runShortcutInConversation,
  sendFile,
  setFeedback,
  shortcutRunStatus,
  startConversation,
  testAssistant,
  type ChatAccess,
  type ChatDeps,
  type ChatFileKind,
} from './chat.usecases.ts';
import { ensureVisitor, readVisitor } from './chat.visitor.ts';

/** Per visitor (the cookie) and per client address: dropping the cookie does not reset the count. */
export const CHAT_LIMITS = {
  conversations: { perVisitor: 20, perIp: 60, windowMs: 10 * 60_000 },
  messages: { perVisitor: 20, perIp: 60, windowMs: 60_000 },
  files: { perVisitor: 10, perIp: 40, windowMs: 10 * 60_000 },
  feedback: { perIp: 120, windowMs: 60_000 },
  shortcutRuns: { perVisitor: 5, perIp: 30, windowMs: 10 * 60_000 },
} as const;

export interface ChatRoutesOptions {
  /** The engine, prices, language model, storage and payments of the assistant (app.ts builds them once). */
  deps: ChatDeps;
  /** The visitor cookie is Secure when the site is served over HTTPS. */
  secureCookies: boolean;
  /** ALLOW_PRIVATE_WEBHOOKS: shortcuts may call private addresses (development and tests only). */
  allowPrivateWebhooks: boolean;
}

export async function chatRoutes(app: FastifyInstance, { deps, secureCookies, allowPrivateWebhooks }: ChatRoutesOptions) {
  const { storage } = deps;

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

  route(app, chatContract.startConversation, { config: perIp(CHAT_LIMITS.conversations.perIp, CHAT_LIMITS.conversations.windowMs) }, async (request, reply) => {
    const visitorId = ensureVisitor(request, reply, secureCookies);
    newVisitors.set(request, visitorId);
    await limits.conversations(request, reply);
    const conversation = await startConversation(deps, visitorId);
    return noStore(reply).status(201).send(conversation);
  });

  route(app, chatContract.latestConversation, {}, async (request, reply) => {
    noStore(reply);
    return { conversation: await latestConversation(deps, readVisitor(request)) };
  });

  route(app, chatContract.getConversation, {}, async (request, reply) => {
    noStore(reply);
    return readConversation(deps, await access(request), request.params.id);
  });

  route(app, chatContract.sendMessage, { config: perIp(CHAT_LIMITS.messages.perIp, CHAT_LIMITS.messages.windowMs) }, async (request, reply) => {
    await limits.messages(request, reply);
    const body = request.body;
    const turn = await prepareTurn(
      deps,
      readVisitor(request),
      request.params.id,
      body.intent ? { intent: body.intent } : body.contact ? { contact: body.contact } : { text: body.text! },
    );
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
  });

  route(app, chatContract.setFeedback, { config: perIp(CHAT_LIMITS.feedback.perIp, CHAT_LIMITS.feedback.windowMs) }, async (request, reply) => {
    const message = await setFeedback(deps, readVisitor(request), request.params.id, request.params.messageId, request.body.feedback);
    return noStore(reply).send(message);
  });

  // ---------------------------------------------------------------- files

  await app.register(async (scope) => {
    // Multipart is parsed only in this scope; one file and nothing else.
    await scope.register(multipart, { limits: { files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 } });
    const fileRoute = (endpoint: typeof chatContract.sendImage | typeof chatContract.sendVoiceNote, kind: ChatFileKind) =>
      route(scope, endpoint, { config: perIp(CHAT_LIMITS.files.perIp, CHAT_LIMITS.files.windowMs) }, async (request, reply) => {
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
          const exchange = await sendFile(deps, visitorId, request.params.id, kind, { body: part.file, clientName: part.filename }, { address: request.ip });
          return noStore(reply).status(201).send(exchange);
        } catch (error) {
          // Read the rest of a refused file, so the client finishes sending and reads the answer.
          if (!part.file.destroyed) part.file.resume();
          throw error;
        }
      });
    fileRoute(chatContract.sendImage, 'image');
    fileRoute(chatContract.sendVoiceNote, 'audio');
  });

  route(app, chatContract.getConversationFile, { compress: false }, async (request, reply) => {
    const upload = await findConversationFile(deps, await access(request), request.params.id, request.params.uploadId);
    return sendStoredFile(request, reply, { storage, upload, cache: 'private' });
  });

  // ---------------------------------------------------------------- shortcuts

  route(app, chatContract.listShortcuts, {}, async () => listPublicShortcuts(deps));

  route(app, chatContract.runShortcut, { config: perIp(CHAT_LIMITS.shortcutRuns.perIp, CHAT_LIMITS.shortcutRuns.windowMs) }, async (request, reply) => {
    await limits.shortcutRuns(request, reply);
    const queued = await runShortcutInConversation(deps, readVisitor(request), request.params.id, request.body?.conversationId, {
      allowPrivate: allowPrivateWebhooks,
    });
    return noStore(reply).status(202).send(queued);
  });

  route(app, chatContract.shortcutRunStatus, {}, async (request, reply) =>
    noStore(reply).send(await shortcutRunStatus(deps, await access(request), request.params.id, request.params.deliveryId)),
  );

  // ---------------------------------------------------------------- admin reads

  route(app, chatContract.listConversations, {}, async (request) => listConversationSummaries(deps, request.query));

  route(app, chatContract.getAdminConversation, {}, async (request) => readAdminConversation(deps, request.params.id));

  route(app, chatContract.handBack, {}, async (request, reply) => noStore(reply).send(await handBack(deps, await adminActor(request), request.params.id)));

  route(app, chatContract.listHandoffs, {}, async (request) => listHandoffs(deps, request.query));

  route(app, chatContract.listShortcutRuns, {}, async (request, reply) => {
    noStore(reply);
    return listShortcutRuns(deps, request.query.shortcutId, request.query);
  });

  route(app, chatContract.getShortcutWebhookEndpoint, {}, async (request, reply) => {
    noStore(reply);
    return readShortcutEndpoint(deps, request.params.id);
  });

  route(app, adminShortcutActionsContract.testAssistant, { config: perIp(10, 60_000) }, async (request) => {
    const controller = new AbortController();
    running.add(controller);
    try {
      return await testAssistant(deps, request.body.question, controller.signal);
    } finally {
      running.delete(controller);
    }
  });

  route(app, chatContract.listPaymentIntents, {}, async (request) => listPaymentIntents(deps, request.query));
}

/** Streams a turn as server-sent events on the POST's own response. */
async function streamTurn(reply: FastifyReply, turn: Awaited<ReturnType<typeof prepareTurn>>, signal: AbortSignal) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    ...reply.server.securityHeaders.resource,
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
