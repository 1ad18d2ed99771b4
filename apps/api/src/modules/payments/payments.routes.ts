// Payments' routes: the PSP's webhook, the admin's Pagamentos, and a conversation's payments for its
// visitor, with a stream that tells the browser when one of them changes (a payment confirmed by any
// instance reaches it through the database's change notifications).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PixNotification } from '@vitrine/domain/payments';
import { adminPaymentsContract, paymentsContract } from '@vitrine/domain/payments.contract';
import { adminActor } from '../../shared/audit/actor.ts';
import { AppError } from '../../shared/errors.ts';
import { answerEventStreamHead, openEventStream } from '../../shared/event-stream.ts';
import { route } from '../../shared/route.ts';
import { readVisitor } from '../chat/chat.visitor.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import {
  assertConversationAccess,
  conversationPayments,
  handlePixNotification,
  listPayments,
  markReceived,
  paymentErrors,
  paymentSummary,
  renewCharge,
  type PaymentsDeps,
} from './payments.usecases.ts';
import { PixUnavailableError } from './pix-client.ts';

export interface PaymentsRoutesOptions {
  deps: PaymentsDeps;
  /** PIX_WEBHOOK_SECRET; without it (no PSP) the webhook answers 404. */
  webhookSecret?: string;
  /** The shop's PIX key now (for renewed charges). */
  shopKey: () => Promise<string | null>;
}

/** Open payment streams on this instance, and per conversation (a visitor's few tabs). */
const MAX_STREAMS = 200;
const MAX_STREAMS_PER_CONVERSATION = 4;

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function paymentsRoutes(app: FastifyInstance, { deps, webhookSecret, shopKey }: PaymentsRoutesOptions) {
  const expected = webhookSecret ? digest(webhookSecret) : null;
  // Compared as digests of equal length, in constant time: the answer's timing says nothing of the secret.
  const secretMatches = (given: string) => expected !== null && timingSafeEqual(digest(given), expected);

  const receive = async (request: FastifyRequest<{ Params: { secret: string }; Body: PixNotification }>) => {
    if (!secretMatches(request.params.secret)) throw paymentErrors.wrongSecret();
    try {
      const outcomes = await handlePixNotification(deps, request.body);
      return { received: outcomes.filter((outcome) => outcome === 'paid').length };
    } catch (error) {
      // The charge could not be re-read: 503, so the PSP notifies again later.
      if (error instanceof PixUnavailableError) {
        request.log.warn({ err: { message: error.message } }, 'notificação de PIX adiada: PSP indisponível para reler a cobrança');
        throw paymentErrors.pspUnavailable();
      }
      throw error;
    }
  };
  // The secret is in the path: the log redaction masks it (shared/log-redaction.ts).
  const webhookOptions = {};
  route(app, paymentsContract.pixWebhook, webhookOptions, receive);
  route(app, paymentsContract.pixWebhookPix, webhookOptions, receive);

  const access = async (request: FastifyRequest) => ({ visitorId: readVisitor(request), isAdmin: (await request.viewer())?.isPro ?? false });
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  route(app, paymentsContract.conversationPayments, {}, async (request, reply) => {
    noStore(reply);
    return { items: await conversationPayments(deps, await access(request), request.params.id) };
  });

  route(app, paymentsContract.renew, {}, async (request, reply) => {
    noStore(reply);
    return renewCharge(deps, readVisitor(request), request.params.id, request.params.paymentId, await shopKey());
  });

  // ---------------------------------------------------------------- live changes

  const streams = new Map<string, Set<ServerResponse>>();
  let open = 0;
  const repository = createPaymentsRepository(deps.db);
  // A payment changed ('payment'), or a message was added by someone else than the visitor's own request —
  // the operator's delivery ('message'): the browser reads the payments, or the conversation, again.
  const tell = (conversationId: string | null | undefined, event: 'payment' | 'message', id: string) => {
    const listeners = conversationId ? streams.get(conversationId) : undefined;
    if (!listeners) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify({ id })}\n\n`;
    for (const response of listeners) response.write(frame);
  };
  app.events.onChange({
    change: ({ table, id, op }) => {
      if (!id || open === 0) return;
      if (table === 'payments') {
        void repository
          .find(id)
          .then((row) => tell(row?.conversationId, 'payment', id))
          .catch((error: unknown) => app.log.warn({ err: error }, 'mudança de pagamento não enviada à conversa'));
      } else if (table === 'chat_messages' && op === 'insert') {
        void repository
          .messageConversation(id)
          .then((conversationId) => tell(conversationId, 'message', id))
          .catch((error: unknown) => app.log.warn({ err: error }, 'mensagem nova não avisada à conversa'));
      }
    },
  });
  app.addHook('preClose', async () => {
    for (const listeners of streams.values()) for (const response of listeners) response.end();
    streams.clear();
  });

  route(app, paymentsContract.conversationPaymentEvents, {}, async (request, reply) => {
    const conversationId = request.params.id;
    await assertConversationAccess(deps, await access(request), conversationId);
    const listeners = streams.get(conversationId) ?? new Set<ServerResponse>();
    if (open >= MAX_STREAMS || listeners.size >= MAX_STREAMS_PER_CONVERSATION) {
      throw new AppError('payments.too_many_streams', 429, 'Muitas conexões abertas para esta conversa. Feche algumas abas e tente novamente.');
    }
    // A HEAD gets what a GET would, at once, and holds no place.
    if (request.method === 'HEAD') return answerEventStreamHead(app, reply);
    streams.set(conversationId, listeners);
    listeners.add(reply.raw);
    open += 1;
    openEventStream(app, request, reply, () => {
      open -= 1;
      listeners.delete(reply.raw);
      if (listeners.size === 0 && streams.get(conversationId) === listeners) streams.delete(conversationId);
    });
    return reply;
  });

  // ---------------------------------------------------------------- admin

  route(app, adminPaymentsContract.list, {}, async (request, reply) => {
    noStore(reply);
    return listPayments(deps, request.query);
  });
  route(app, adminPaymentsContract.summary, {}, async (_request, reply) => {
    noStore(reply);
    return paymentSummary(deps);
  });
  route(app, adminPaymentsContract.markReceived, {}, async (request) => {
    const actor = await adminActor(request);
    return markReceived(deps, actor, request.params.id, request.body.endToEndId);
  });
}
