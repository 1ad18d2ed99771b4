// The admin's shortcut endpoints: the resource, the drag-and-drop order and a test run of a webhook.
import { z } from 'zod';
import { defineAdminResource, recordIdParamsSchema } from './admin.ts';
import {
  adminShortcutSchema,
  assistantTestInputSchema,
  SHORTCUT_SORT_KEYS,
  shortcutCreateSchema,
  shortcutReorderSchema,
  shortcutUpdateSchema,
} from './chat-admin.ts';
import { shortcutRunResponseSchema } from './chat.ts';
import { defineEndpoint } from './contracts.ts';

export const adminShortcutsContract = defineAdminResource({
  path: '/api/admin/shortcuts',
  label: 'atalhos',
  item: adminShortcutSchema,
  create: shortcutCreateSchema,
  update: shortcutUpdateSchema,
  sortKeys: SHORTCUT_SORT_KEYS,
});

export const adminShortcutActionsContract = {
  reorder: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/shortcuts/order',
    tag: 'admin',
    access: 'pro',
    summary: 'Reordena os atalhos: a lista de ids na nova ordem, renumerada a partir de 1 — somente admin',
    body: shortcutReorderSchema,
    responses: { 200: z.array(adminShortcutSchema) },
    errors: [400, 409],
  }),
  testAssistant: defineEndpoint({
    method: 'POST',
    path: '/api/admin/assistant/test',
    tag: 'admin',
    access: 'pro',
    summary: 'Faz uma pergunta de teste ao assistente com a configuração em vigor, sem gravar conversa — somente admin',
    body: assistantTestInputSchema,
    responses: { 200: z.object({ answer: z.string(), engine: z.enum(['builtin', 'llm']), fallback: z.string().optional() }) },
    errors: [400, 429],
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/admin/shortcuts/:id/test',
    tag: 'admin',
    access: 'pro',
    summary: 'Envia o webhook de um atalho agora, ativo ou não, pela fila de entregas assinadas — somente admin',
    params: recordIdParamsSchema,
    responses: { 202: shortcutRunResponseSchema },
    errors: [400, 404],
  }),
};
