// The admin's content endpoints: site configuration and the contact inbox.
import { defineAdminResource, recordIdParamsSchema } from './admin.ts';
import {
  adminContactMessageSchema,
  adminSiteConfigSchema,
  contactInboxQuerySchema,
  contactMessageReadSchema,
  SITE_CONFIG_SORT_KEYS,
  siteConfigCreateSchema,
  siteConfigKeyParamsSchema,
  siteConfigUpdateSchema,
  siteConfigUpsertSchema,
} from './content-admin.ts';
import { defineEndpoint } from './contracts.ts';
import { listEnvelopeSchema } from './lists.ts';

export const adminSiteConfigContract = defineAdminResource({
  path: '/api/admin/site-config',
  label: 'configurações do site',
  item: adminSiteConfigSchema,
  create: siteConfigCreateSchema,
  update: siteConfigUpdateSchema,
  sortKeys: SITE_CONFIG_SORT_KEYS,
});

export const adminContentContract = {
  upsertConfig: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/site-config/:section/:key',
    tag: 'admin',
    access: 'pro',
    summary: 'Grava uma configuração por seção e chave, criando-a se não existe (registrado na auditoria) — somente admin',
    description:
      'O corpo diz de qual versão a edição partiu (expectedUpdatedAt: o updatedAt lido, ou null se não havia entrada). ' +
      'Se outra escrita veio antes, nada é gravado: 409 com o valor atual em error.details.current; sem a versão, 428.',
    params: siteConfigKeyParamsSchema,
    body: siteConfigUpsertSchema,
    responses: { 200: adminSiteConfigSchema },
    errors: [400, 409, 428],
  }),
  listContactMessages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/contact-messages',
    tag: 'admin',
    access: 'pro',
    summary: 'Mensagens do formulário de contato, mais recentes primeiro, com busca e filtro de não lidas — somente admin',
    query: contactInboxQuerySchema,
    responses: { 200: listEnvelopeSchema(adminContactMessageSchema) },
    errors: [400],
  }),
  markContactMessage: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/contact-messages/:id',
    tag: 'admin',
    access: 'pro',
    summary: 'Marca uma mensagem de contato como lida ou não lida — somente admin',
    params: recordIdParamsSchema,
    body: contactMessageReadSchema,
    responses: { 200: adminContactMessageSchema },
    errors: [400, 404],
  }),
};
