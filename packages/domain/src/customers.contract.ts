// Customers' endpoints: Minha assinatura for the customer (public, by the opaque token of a link that
// expires and can be revoked), and the admin's A entregar and Clientes (figures, timeline, CSV, LGPD export
// and erasure, access links), each for active PRO sessions only.
import { z } from 'zod';
import { recordIdParamsSchema } from './admin.ts';
import { defineEndpoint } from './contracts.ts';
import {
  adminCustomerDetailSchema,
  adminCustomerListSchema,
  adminDeliveryListQuerySchema,
  adminDeliveryListSchema,
  adminDeliverySchema,
  createAccessLinkBodySchema,
  createdAccessLinkSchema,
  customerExportQuerySchema,
  customerExportSchema,
  customerFiguresSchema,
  customerListQuerySchema,
  deliverBodySchema,
  erasedCustomerSchema,
  mySubscriptionQuerySchema,
  mySubscriptionSchema,
  renewalChargeSchema,
  renewBodySchema,
  subscriptionViewSchema,
  timelineListSchema,
} from './customers.ts';
import { pageQuerySchema } from './lists.ts';

const tag = 'customers';

export const customersContract = {
  mySubscription: defineEndpoint({
    method: 'GET',
    path: '/api/my-subscription',
    tag,
    access: 'public',
    summary: 'Minha assinatura: plano, situação, vencimento, entregas e pagamentos, pelo link enviado ao cliente',
    description:
      'O token é o do link (/minha-assinatura?t=…): aleatório, guardado só como hash, com validade e revogável pelo admin. ' +
      'Link desconhecido ou revogado: 404; expirado: 410. Respostas com Cache-Control: no-store e X-Robots-Tag: noindex.',
    query: mySubscriptionQuerySchema,
    responses: { 200: mySubscriptionSchema },
    errors: [400, 404, 410, 429],
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/api/my-subscription/renew',
    tag,
    access: 'public',
    summary: 'Renovar com PIX: uma cobrança do mesmo plano e período pelo preço de hoje; paga, a assinatura segue do vencimento',
    body: renewBodySchema,
    responses: { 201: renewalChargeSchema },
    errors: [400, 404, 409, 410, 429, 503],
  }),
};

export const adminDeliveriesContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deliveries',
    tag: 'admin',
    access: 'pro',
    summary: 'A entregar: compras pagas à espera da entrega (as mais antigas primeiro), ou as entregues — somente admin',
    query: adminDeliveryListQuerySchema,
    responses: { 200: adminDeliveryListSchema },
    errors: [400],
  }),
  deliver: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deliveries/:id/deliver',
    tag: 'admin',
    access: 'pro',
    summary: 'Marcar como entregue: o texto vai para a conversa do cliente, para Minha assinatura e por e-mail (auditado) — somente admin',
    params: recordIdParamsSchema,
    body: deliverBodySchema,
    responses: { 200: adminDeliverySchema },
    errors: [400, 404, 409],
  }),
};

const linkParams = recordIdParamsSchema.extend({ linkId: z.uuid('Link inválido.') });

export const adminCustomersContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers',
    tag: 'admin',
    access: 'pro',
    summary: 'Clientes: busca por nome ou contato e filtros (ativa, vence em 7 dias, vencida, sem contato), paginado — somente admin',
    query: customerListQuerySchema,
    responses: { 200: adminCustomerListSchema },
    errors: [400],
  }),
  figures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers/figures',
    tag: 'admin',
    access: 'pro',
    summary: 'Assinaturas ativas, receita recorrente mensal, renovações e cancelamentos do mês, receita a vencer em 30 dias — somente admin',
    responses: { 200: customerFiguresSchema },
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers/export.csv',
    tag: 'admin',
    access: 'pro',
    summary: 'Clientes em CSV (pt-BR: ponto e vírgula, vírgula decimal, datas dd/mm/aaaa), com a busca e o filtro da lista — somente admin',
    query: customerExportQuerySchema,
    responses: { 200: null },
    errors: [400],
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers/:id',
    tag: 'admin',
    access: 'pro',
    summary: 'Um cliente: contato, assinaturas e links de Minha assinatura em aberto — somente admin',
    params: recordIdParamsSchema,
    responses: { 200: adminCustomerDetailSchema },
    errors: [400, 404],
  }),
  timeline: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers/:id/timeline',
    tag: 'admin',
    access: 'pro',
    summary: 'Linha do tempo do cliente: conversas, pagamentos, entregas, assinaturas e lembretes, os mais recentes primeiro — somente admin',
    params: recordIdParamsSchema,
    query: pageQuerySchema,
    responses: { 200: timelineListSchema },
    errors: [400, 404],
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/api/admin/customers/:id/export',
    tag: 'admin',
    access: 'pro',
    summary: 'LGPD: tudo o que a loja guarda sobre o cliente, em JSON (auditado) — somente admin',
    params: recordIdParamsSchema,
    responses: { 200: customerExportSchema },
    errors: [400, 404],
  }),
  erase: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/customers/:id',
    tag: 'admin',
    access: 'pro',
    summary: 'LGPD: apaga os dados pessoais do cliente (conversas, contato, textos entregues); os pagamentos ficam, anônimos (auditado) — somente admin',
    params: recordIdParamsSchema,
    responses: { 200: erasedCustomerSchema },
    errors: [400, 404, 409],
  }),
  createAccessLink: defineEndpoint({
    method: 'POST',
    path: '/api/admin/customers/:id/access-links',
    tag: 'admin',
    access: 'pro',
    summary: 'Cria um link de Minha assinatura para uma assinatura do cliente, mostrado uma vez (auditado) — somente admin',
    params: recordIdParamsSchema,
    body: createAccessLinkBodySchema,
    responses: { 201: createdAccessLinkSchema },
    errors: [400, 404, 409],
  }),
  revokeAccessLink: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/customers/:id/access-links/:linkId',
    tag: 'admin',
    access: 'pro',
    summary: 'Revoga um link de Minha assinatura: deixa de abrir na hora (auditado) — somente admin',
    params: linkParams,
    responses: { 204: null },
    errors: [400, 404],
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/api/admin/subscriptions/:id/cancel',
    tag: 'admin',
    access: 'pro',
    summary: 'Cancela uma assinatura: fica como cancelada e não recebe lembretes (auditado) — somente admin',
    params: recordIdParamsSchema,
    responses: { 200: subscriptionViewSchema },
    errors: [400, 404, 409],
  }),
};
