// The site content's endpoints: public configuration by section and the contact form.
import { z } from 'zod';
import { configSectionSchema, contactMessageCreatedSchema, contactMessageInputSchema, siteConfigSectionResponseSchema } from './content.ts';
import { defineEndpoint } from './contracts.ts';

const tag = 'conteúdo';

export const contentContract = {
  getSiteConfig: defineEndpoint({
    method: 'GET',
    path: '/api/site-config/:section',
    tag,
    access: 'public',
    summary: 'Configuração pública do site por seção (header, footer, legal, contact)',
    params: z.object({ section: configSectionSchema }),
    responses: { 200: siteConfigSectionResponseSchema },
  }),
  sendContactMessage: defineEndpoint({
    method: 'POST',
    path: '/api/contact',
    tag,
    access: 'public',
    summary: 'Envia uma mensagem pelo formulário de contato',
    body: contactMessageInputSchema,
    responses: { 201: contactMessageCreatedSchema },
    errors: [400, 429],
  }),
};
