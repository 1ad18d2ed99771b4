// The WhatsApp webhook: Meta's subscription handshake (GET) and its deliveries of messages and status
// callbacks (POST, signed with the app's secret). Both answer 404 while WhatsApp is not configured.
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';
import { whatsappWebhookSchema } from './whatsapp.ts';

const tag = 'whatsapp';
const hubValue = z.string().max(512).optional();

export const whatsappContract = {
  verifyWebhook: defineEndpoint({
    method: 'GET',
    path: '/api/whatsapp/webhook',
    tag,
    access: 'public',
    summary: 'Confirmação da assinatura do webhook pela Meta: devolve hub.challenge em texto quando hub.verify_token confere',
    query: z.object({ 'hub.mode': hubValue, 'hub.verify_token': hubValue, 'hub.challenge': hubValue }),
    responses: { 200: null },
    errors: [403, 404],
  }),
  receiveWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/whatsapp/webhook',
    tag,
    access: 'public',
    summary: 'Mensagens e situações de entrega enviadas pela Meta, assinadas (X-Hub-Signature-256); respondidas por uma tarefa em segundo plano',
    body: whatsappWebhookSchema,
    responses: { 200: z.object({ received: z.number().int(), statuses: z.number().int() }) },
    errors: [400, 401, 404, 429],
  }),
};
