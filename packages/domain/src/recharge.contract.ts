// The recharge back office's endpoints: supplier rows, providers and their cost tiers, contacts,
// credit purchase orders, the calculator's stored calculations, standard costs and exports.
import { z } from 'zod';
import { defineAdminResource, recordIdParamsSchema } from './admin.ts';
import { defineEndpoint } from './contracts.ts';
import { listEnvelopeSchema, pageQuerySchema } from './lists.ts';
import { standardCostsSchema } from './pricing/standard-costs.ts';
import {
  adminProviderSchema,
  adminSupplierSchema,
  creditOrderCreateSchema,
  creditOrderSchema,
  pricingCalculationInputSchema,
  pricingCalculationSchema,
  PROVIDER_SORT_KEYS,
  providerCostInputSchema,
  providerCostParamsSchema,
  providerCostSchema,
  providerCreateSchema,
  providerUpdateSchema,
  providerWithCostsSchema,
  ragExportQuerySchema,
  RECHARGE_CONTACT_SORT_KEYS,
  rechargeContactCreateSchema,
  rechargeContactSchema,
  rechargeContactUpdateSchema,
  standardCostsValueSchema,
  SUPPLIER_SORT_KEYS,
  supplierCreateSchema,
  supplierUpdateSchema,
} from './recharge.ts';

const tag = 'admin';

export const adminSuppliersContract = defineAdminResource({
  path: '/api/admin/suppliers',
  label: 'fornecedores',
  item: adminSupplierSchema,
  create: supplierCreateSchema,
  update: supplierUpdateSchema,
  sortKeys: SUPPLIER_SORT_KEYS,
});

export const adminProvidersContract = defineAdminResource({
  path: '/api/admin/providers',
  label: 'provedores',
  item: adminProviderSchema,
  create: providerCreateSchema,
  update: providerUpdateSchema,
  sortKeys: PROVIDER_SORT_KEYS,
});

export const adminRechargeContactsContract = defineAdminResource({
  path: '/api/admin/recharge-contacts',
  label: 'contatos de recarga',
  item: rechargeContactSchema,
  create: rechargeContactCreateSchema,
  update: rechargeContactUpdateSchema,
  sortKeys: RECHARGE_CONTACT_SORT_KEYS,
});

export const adminPricingContract = {
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/providers',
    tag,
    access: 'pro',
    summary: 'Provedores com as faixas de custo (por tipo de plano e quantidade), para a calculadora — somente admin',
    responses: { 200: z.object({ items: z.array(providerWithCostsSchema) }) },
  }),
  putCost: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/providers/:id/costs',
    tag,
    access: 'pro',
    summary: 'Cria a faixa de custo de um tipo de plano e quantidade, ou troca seu custo unitário — somente admin',
    params: recordIdParamsSchema,
    body: providerCostInputSchema,
    responses: { 200: providerCostSchema },
    errors: [400, 404],
  }),
  removeCost: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/providers/:id/costs/:costId',
    tag,
    access: 'pro',
    summary: 'Remove uma faixa de custo de um provedor — somente admin',
    params: providerCostParamsSchema,
    responses: { 204: null },
    errors: [404],
  }),
  standardCosts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/standard-costs',
    tag,
    access: 'pro',
    summary: 'Custos padronizados (crédito, fornecedor, provedor) — somente admin',
    responses: { 200: standardCostsValueSchema },
  }),
  saveStandardCosts: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/pricing/standard-costs',
    tag,
    access: 'pro',
    summary: 'Grava os custos padronizados, limitados a 0 – 1.000.000 — somente admin',
    body: standardCostsSchema,
    responses: { 200: standardCostsValueSchema },
    errors: [400],
  }),
  calculations: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/calculations',
    tag,
    access: 'pro',
    summary: 'Cálculos salvos, os mais recentes primeiro, de um provedor — somente admin',
    query: pageQuerySchema.extend({ providerId: z.uuid('Provedor inválido.') }),
    responses: { 200: listEnvelopeSchema(pricingCalculationSchema) },
    errors: [400],
  }),
  saveCalculation: defineEndpoint({
    method: 'POST',
    path: '/api/admin/pricing/calculations',
    tag,
    access: 'pro',
    summary: 'Recalcula no servidor com as faixas do provedor e grava o cálculo — somente admin',
    body: pricingCalculationInputSchema,
    responses: { 201: pricingCalculationSchema },
    errors: [400, 404],
  }),
  consolidatedCsv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/consolidated.csv',
    tag,
    access: 'pro',
    summary: 'Visão consolidada em CSV (UTF-8 com BOM), com a data no nome do arquivo — somente admin',
    responses: { 200: null },
  }),
  ragExport: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/rag',
    tag,
    access: 'pro',
    summary: 'Dados RAG (contexto, provedores, planos e métricas) em JSON ou CSV — somente admin',
    query: ragExportQuerySchema,
    responses: { 200: null },
    errors: [400],
  }),
  spreadsheetCsv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/pricing/spreadsheet.csv',
    tag,
    access: 'pro',
    summary: 'Planilha em CSV para importar no Google Sheets — somente admin',
    responses: { 200: null },
  }),
};

export const adminCreditOrdersContract = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/credit-orders',
    tag,
    access: 'pro',
    summary: 'Pedidos de compra de créditos com itens, total, contato e a situação da entrega — somente admin',
    query: pageQuerySchema,
    responses: { 200: listEnvelopeSchema(creditOrderSchema) },
    errors: [400],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/credit-orders',
    tag,
    access: 'pro',
    summary: 'Grava um pedido de créditos e o põe na fila de webhooks assinados, na mesma transação — somente admin',
    body: creditOrderCreateSchema,
    responses: {
      201: creditOrderSchema.extend({
        /** When this order is the first to its URL: the new endpoint's signing secret, answered this once. */
        webhookSecret: z.string().optional(),
      }),
    },
    errors: [400, 404],
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/admin/credit-orders/:id/resend',
    tag,
    access: 'pro',
    summary: 'Envia de novo um pedido cuja entrega terminou (mesma mensagem, novas tentativas) — somente admin',
    params: recordIdParamsSchema,
    responses: { 202: creditOrderSchema },
    errors: [404, 409],
  }),
};
