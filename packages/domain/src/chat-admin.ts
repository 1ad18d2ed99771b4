// What the admin reads and writes of the chat's shortcuts: PIX (key checked by its type) or a webhook.
import './zod-locale.ts';
import { z } from 'zod';
import { priceInputSchema, requiredText, writeSchemas } from './catalog-admin.ts';
import { normalizePixKey, PIX_CITY_MAX, PIX_KEY_TYPES, PIX_NAME_MAX } from './pix.ts';

export const WEBHOOK_URL_MISSING = 'URL do webhook não configurada';
export const PIX_DATA_MISSING = 'Informe os dados do PIX (chave, valor, recebedor e cidade).';

export const shortcutPixDataSchema = z
  .strictObject({
    keyType: z.enum(PIX_KEY_TYPES, { error: 'Tipo de chave PIX inválido.' }),
    key: z.string({ error: 'Informe a chave PIX.' }).trim().min(1, 'Informe a chave PIX.').max(120),
    value: priceInputSchema,
    recipient: requiredText('o nome do recebedor', PIX_NAME_MAX),
    city: requiredText('a cidade', PIX_CITY_MAX),
    description: z.string().trim().max(60, 'Descrição muito longa (máximo 60 caracteres).').optional(),
  })
  .transform((data, context) => {
    const normalized = normalizePixKey(data.key, data.keyType);
    if (!normalized) {
      context.addIssue({ code: 'custom', path: ['key'], message: 'Chave PIX inválida para o tipo escolhido.' });
      return z.NEVER;
    }
    return { ...data, key: normalized.key };
  });

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, 'Endereço muito longo.')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'A URL do webhook deve começar com http:// ou https://')
  .transform((value) => value || null)
  .nullable();

const shortcutFields = {
  name: requiredText('o nome do atalho', 60),
  type: z.enum(['pix', 'webhook'], { error: 'Tipo de atalho inválido.' }),
  webhookUrl: webhookUrlSchema,
  payload: z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 8_000, 'Conteúdo do webhook muito grande.'),
  pixData: shortcutPixDataSchema.nullable(),
  active: z.boolean(),
};
export const { create: shortcutCreateSchema, update: shortcutUpdateSchema } = writeSchemas(shortcutFields, ['name', 'type']);

export const adminShortcutSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['pix', 'webhook']),
  webhookUrl: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  pixData: z
    .object({ keyType: z.string().optional(), key: z.string(), value: z.number(), recipient: z.string(), city: z.string(), description: z.string().optional() })
    .nullable(),
  active: z.boolean(),
  orderIndex: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminShortcut = z.infer<typeof adminShortcutSchema>;
export const SHORTCUT_SORT_KEYS = ['orderIndex', 'name', 'createdAt', 'updatedAt'] as const;

/** The new order: every shortcut's id, first to last; they are renumbered from 1. */
export const shortcutReorderSchema = z.strictObject({
  ids: z.array(z.uuid('Atalho inválido.')).min(1, 'Informe a nova ordem.').max(500),
});

/** Modelos' test question to the assistant in force. */
export const assistantTestInputSchema = z.strictObject({
  question: z.string({ error: 'Informe a pergunta.' }).trim().min(1, 'Informe a pergunta.').max(500, 'No máximo 500 caracteres.'),
});
