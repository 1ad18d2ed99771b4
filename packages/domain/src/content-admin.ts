// What the admin reads and writes of the site content: configuration entries by section and key
// (header, footer, legal texts, assistant FAQ, pricing…) and the contact inbox.
import './zod-locale.ts';
import { z } from 'zod';
import { writeSchemas } from './catalog-admin.ts';
import { configSectionSchema, LEGAL_DOCUMENT_KEYS, legalDocumentInputSchema } from './content.ts';
import { expectedUpdatedAtOrNoneSchema, versionedUpdateSchema } from './edit-version.ts';
import { discountPercentSchema, GLOBAL_DISCOUNT_CONFIG } from './pricing/discounts.ts';

/** Sections the content manager never touches: settings hold secrets and have their own screen. */
export const RESERVED_CONFIG_SECTIONS = ['settings'] as const;

const sectionSchema = configSectionSchema.refine(
  (section) => !(RESERVED_CONFIG_SECTIONS as readonly string[]).includes(section),
  'Esta seção é gerenciada em Configurações.',
);
const keySchema = z.string({ error: 'Informe a chave.' }).regex(/^[a-zA-Z0-9_.-]{1,60}$/, 'Chave inválida: use letras, números, ponto, hífen ou sublinhado.');
/** Any JSON value up to 64 KB (texts of the privacy policy and the terms fit). */
const configValueSchema = z
  .unknown()
  .refine((value) => value !== undefined && JSON.stringify(value).length <= 65_536, 'Valor ausente ou grande demais (máximo 64 KB).');

const siteConfigFields = { section: sectionSchema, configKey: keySchema, configValue: configValueSchema, isActive: z.boolean() };
const { create } = writeSchemas(siteConfigFields, ['section', 'configKey', 'configValue']);
export const siteConfigCreateSchema = create;
export const siteConfigUpdateSchema = versionedUpdateSchema({ configValue: configValueSchema, isActive: z.boolean() });

export const adminSiteConfigSchema = z.object({
  id: z.string(),
  section: z.string(),
  configKey: z.string(),
  configValue: z.unknown(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSiteConfig = z.infer<typeof adminSiteConfigSchema>;
export const SITE_CONFIG_SORT_KEYS = ['section', 'configKey', 'createdAt', 'updatedAt'] as const;

/**
 * The shape an entry must have when a page reads it by section and key (the legal documents), or
 * null when any JSON value is kept as it is.
 */
export function knownConfigValueSchema(section: string, key: string): z.ZodType | null {
  if (section === 'legal' && (LEGAL_DOCUMENT_KEYS as readonly string[]).includes(key)) return legalDocumentInputSchema;
  if (section === GLOBAL_DISCOUNT_CONFIG.section && key === GLOBAL_DISCOUNT_CONFIG.key) return discountPercentSchema;
  return null;
}

export const siteConfigKeyParamsSchema = z.object({ section: sectionSchema, key: keySchema });
/** A value by section and key, from the version the screen read (null: it saw no entry). */
export const siteConfigUpsertSchema = z.strictObject({
  value: configValueSchema,
  isActive: z.boolean().optional(),
  expectedUpdatedAt: expectedUpdatedAtOrNoneSchema.optional(),
});

// ---------------------------------------------------------------- contact inbox

export const adminContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>;
export const contactInboxQuerySchema = z.object({
  page: z.coerce.number().int('Página inválida.').min(1, 'Página inválida.').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'Tamanho de página acima do máximo (100).').default(20),
  search: z.string().trim().max(200, 'Busca muito longa.').optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export const contactMessageReadSchema = z.strictObject({ read: z.boolean({ error: 'Informe se a mensagem foi lida.' }) });
