// Payments' endpoints: the PSP's webhook (public, behind a secret in its path), the admin's Pagamentos
// (list, revenue, marking received by hand) and a conversation's payments for its visitor.
import { z } from 'zod';
import { recordIdParamsSchema } from './admin.ts';
import { defineEndpoint } from './contracts.ts';
import {
  adminPaymentListQuerySchema,
  adminPaymentListSchema,
  adminPaymentSchema,
  conversationPaymentSchema,
  markReceivedSchema,
  paymentSummarySchema,
  pixNotificationSchema,
} from './payments.ts';

const tag = 'payments';
const webhookParams = z.object({ secret: z.string().max(200) });
const webhookAnswer = z.object({ received: z.number().int() });
const conversationParams = z.object({ id: z.uuid('Conversa inválida') });

export const paymentsContract = {
  pixWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/payments/pix/webhook/:secret',
    tag,
    access: 'public',
    summary: 'Notificação de PIX recebido, enviada pelo PSP (API Pix); a cobrança é relida no PSP antes de ser dada como paga',
    params: webhookParams,
    body: pixNotificationSchema,
    responses: { 200: webhookAnswer },
    errors: [400, 404, 503],
  }),
  pixWebhookPix: defineEndpoint({
    method: 'POST',
    path: '/api/payments/pix/webhook/:secret/pix',
    tag,
    access: 'public',
    summary: 'O mesmo webhook no endereço que o PSP usa (URL registrada + /pix)',
    params: webhookParams,
    body: pixNotificationSchema,
    responses: { 200: webhookAnswer },
    errors: [400, 404, 503],
  }),
  conversationPayments: defineEndpoint({
    method: 'GET',
    path: '/api/chat/conversations/:id/payments',
    tag,
    access: 'public',
    summary: 'Os pagamentos de uma conversa (situação, valor, o que foi comprado) — do visitante dono dela ou de admin',
    params: conversationParams,
    responses: { 200: z.object({ items: z.array(conversationPaymentSchema) }) },
    errors: [400, 403, 404],
  }),
  conversationPaymentEvents: defineEndpoint({
    method: 'GET',
    path: '/api/chat/conversations/:id/payments/events',
    tag,
    access: 'public',
    summary: 'Eventos (SSE) quando um pagamento da conversa muda: o navegador lê a lista outra vez',
    params: conversationParams,
    responses: { 200: null },
    errors: [400, 403, 404, 429],
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/api/chat/conversations/:id/payments/:paymentId/renew',
    tag,
    access: 'public',
    summary: 'Uma nova cobrança PIX para o que a cobrança expirada pagava — do visitante dono da conversa',
    params: conversationParams.extend({ paymentId: z.uuid('Pagamento inválido') }),
    responses: { 200: z.object({ payment: conversationPaymentSchema, location: z.string().nullable() }) },
    errors: [400, 403, 404, 409, 503],
  }),
};

export const adminPaymentsContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments',
    tag: 'admin',
    access: 'pro',
    summary: 'Pagamentos, os mais recentes primeiro, com filtro por situação — somente admin',
    query: adminPaymentListQuerySchema,
    responses: { 200: adminPaymentListSchema },
    errors: [400],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/summary',
    tag: 'admin',
    access: 'pro',
    summary: 'Receita paga (total e últimos 30 dias) e cobranças pendentes — somente admin',
    responses: { 200: paymentSummarySchema },
  }),
  markReceived: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/:id/received',
    tag: 'admin',
    access: 'pro',
    summary: 'Marca um pagamento como recebido à mão (auditado) e envia o evento payment.paid — somente admin',
    params: recordIdParamsSchema,
    body: markReceivedSchema,
    responses: { 200: adminPaymentSchema },
    errors: [400, 404, 409],
  }),
};
