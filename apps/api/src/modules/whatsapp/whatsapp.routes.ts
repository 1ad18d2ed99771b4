// WhatsApp's webhook: Meta's subscription handshake and its signed deliveries. The signature covers the
// body's exact bytes, so this scope parses JSON itself: it checks the signature on the raw body before
// parsing anything (with the same UTF-8 and size bounds as every JSON body), and only then hands the
// parsed body to the contract's schema. Without WhatsApp configured both routes answer 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatContract } from '@vitrine/domain/chat.contract';
import { whatsappContract } from '@vitrine/domain/whatsapp.contract';
import type { WhatsAppConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { invalidUtf8, jsonBoundsProblem, LARGE_BODY_LIMIT } from '../../plugins/body-guard.ts';
import { adminActor } from '../../shared/audit/actor.ts';
import { badRequest } from '../../shared/errors.ts';
import { route } from '../../shared/route.ts';
import { receiveDelivery, replyAsOperator, signatureMatches, verifySubscription, WHATSAPP_WEBHOOK_LIMITS, whatsappErrors } from './whatsapp.usecases.ts';

export interface WhatsAppRoutesOptions {
  db: Database;
  /** Null when the shop does not use WhatsApp. */
  config: WhatsAppConfig | null;
  clock: () => Date;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export async function whatsappRoutes(app: FastifyInstance, { db, config, clock }: WhatsAppRoutesOptions) {
  // The operator's reply from the admin's Conversas (admin only: the contract's 'pro' access, checked on the server).
  route(app, chatContract.replyAsOperator, {}, async (request, reply) => {
    const conversation = await replyAsOperator({ db, clock }, await adminActor(request), request.params.id, request.body.text);
    return reply.header('cache-control', 'no-store').status(201).send(conversation);
  });

  route(app, whatsappContract.verifyWebhook, {}, async (request, reply) => {
    if (!config) throw whatsappErrors.notConfigured();
    const challenge = verifySubscription(config, request.query);
    return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(challenge);
  });

  // Requests whose raw body carried a valid signature (set by the parser below, read before validation).
  const signed = new WeakSet<FastifyRequest>();
  // Only requests without a valid signature count against an address: a signed delivery from Meta is never
  // refused by it, whoever else sends from the same address.
  const invalidRequests = app.createRateLimit({
    max: WHATSAPP_WEBHOOK_LIMITS.invalidPerIp,
    timeWindow: WHATSAPP_WEBHOOK_LIMITS.windowMs,
    keyGenerator: (request) => `whatsapp-invalid:${request.ip}`,
  });
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (!config) return done(whatsappErrors.notConfigured(), undefined);
      // The signature first: an unsigned body is never decoded nor parsed (refused before validation, below).
      if (!signatureMatches(config.appSecret, body as Buffer, request.headers['x-hub-signature-256'])) return done(null, undefined);
      let text: string;
      try {
        text = strictUtf8.decode(body as Buffer);
      } catch {
        return done(invalidUtf8(), undefined);
      }
      const problem = jsonBoundsProblem(text);
      if (problem) return done(problem, undefined);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(badRequest('invalid_json', 'O corpo da requisição não é um JSON válido.'), undefined);
      }
      signed.add(request);
      done(null, parsed);
    });
    // A request with no body (or one the parser above did not read) is not signed either.
    scope.addHook('preValidation', async (request, reply) => {
      if (!config) throw whatsappErrors.notConfigured();
      if (signed.has(request)) return;
      const limit = await invalidRequests(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, limit.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw whatsappErrors.tooManyInvalid(seconds);
      }
      throw whatsappErrors.badSignature();
    });
    route(scope, whatsappContract.receiveWebhook, { bodyLimit: LARGE_BODY_LIMIT }, async (request, reply) => {
      const outcome = await receiveDelivery({ db, config: config!, clock }, request.body);
      return reply.header('cache-control', 'no-store').send(outcome);
    });
  });
}
