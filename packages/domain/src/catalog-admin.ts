// What the admin reads and writes of the catalogue: plans, apps and streaming apps with every stored field.
import './zod-locale.ts';
import { z } from 'zod';
import { planIconSchema } from './catalog.ts';
import { versionedUpdateSchema } from './edit-version.ts';
import { toCents } from './money.ts';
import { LINK_MAX_LENGTH, safeDownloadUrl } from './urls.ts';

const MAX_PRICE = 1_000_000;

/** A price in reais: a number, not negative, at most two decimals. */
export const priceInputSchema = z
  .number({ error: 'Informe um valor numérico.' })
  .min(0, 'Valores não podem ser negativos')
  .max(MAX_PRICE, 'Valor acima do máximo (R$ 1.000.000,00).')
  .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, 'Use no máximo duas casas decimais.');

export const adminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: planIconSchema.nullable(),
  priceMonthly: z.number(),
  /** Null: derived from the monthly price by the period discount. */
  priceQuarterly: z.number().nullable(),
  priceSemiannual: z.number().nullable(),
  priceAnnual: z.number().nullable(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  isSpecial: z.boolean(),
  active: z.boolean(),
  displayOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const planFields = {
  name: z.string({ error: 'Informe o nome do plano.' }).trim().min(1, 'Informe o nome do plano.').max(80, 'Nome muito longo (máximo 80 caracteres).'),
  icon: planIconSchema.nullable(),
  priceMonthly: priceInputSchema.refine((value) => value > 0, 'O preço mensal deve ser maior que zero.'),
  priceQuarterly: priceInputSchema.nullable(),
  priceSemiannual: priceInputSchema.nullable(),
  priceAnnual: priceInputSchema.nullable(),
  features: z
    .array(z.string().trim().min(1, 'Um recurso está vazio.').max(120, 'Recurso muito longo (máximo 120 caracteres).'))
    .max(30, 'No máximo 30 recursos por plano.'),
  isPopular: z.boolean(),
  isSpecial: z.boolean(),
  active: z.boolean(),
  displayOrder: z.number().int('A ordem deve ser um número inteiro.').min(0, 'A ordem não pode ser negativa.').max(10_000, 'Ordem acima do máximo.'),
};

/** A new plan: name and monthly price required; the rest take their defaults when left out. */
export const planCreateSchema = z.strictObject({
  ...planFields,
  icon: planFields.icon.optional(),
  priceQuarterly: planFields.priceQuarterly.optional(),
  priceSemiannual: planFields.priceSemiannual.optional(),
  priceAnnual: planFields.priceAnnual.optional(),
  features: planFields.features.optional(),
  isPopular: planFields.isPopular.optional(),
  isSpecial: planFields.isSpecial.optional(),
  active: planFields.active.optional(),
  displayOrder: planFields.displayOrder.optional(),
});
export type PlanCreate = z.infer<typeof planCreateSchema>;

/** The fields to change (at least one), and the version the edit started from. */
export const planUpdateSchema = versionedUpdateSchema(planFields);
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

export const PLAN_SORT_KEYS = ['displayOrder', 'name', 'priceMonthly', 'createdAt', 'updatedAt'] as const;

// ---------------------------------------------------------------- shared field rules

export const text = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .max(max, `Texto muito longo (máximo ${max} caracteres).`);
export const requiredText = (label: string, max: number) => text(label, max).min(1, `Informe ${label}.`);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Texto muito longo (máximo ${max} caracteres).`)
    .transform((value) => value || null)
    .nullable();
/** An image or page address: https (or a path of our own files, '/api/files/...'). */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(LINK_MAX_LENGTH, 'Endereço muito longo.')
  .refine((value) => value === '' || value.startsWith('/api/files/') || safeDownloadUrl(value) !== null, 'Use um endereço https:// ou um arquivo enviado.')
  .transform((value) => value || null)
  .nullable();
export const stringList = (max: number, itemMax = 120) =>
  z.array(z.string().trim().min(1, 'Um item está vazio.').max(itemMax, `Item muito longo (máximo ${itemMax} caracteres).`)).max(max, `No máximo ${max} itens.`);
const rating = z.number().min(0, 'A nota vai de 0 a 5.').max(5, 'A nota vai de 0 a 5.');
const count = z.number().int('Use um número inteiro.').min(0, 'Valores não podem ser negativos').max(1_000_000_000);

/** Create: the required fields plus any optional ones. Update: any fields (at least one) and the version it started from. */
export function writeSchemas<Shape extends z.ZodRawShape, Required extends keyof Shape & string>(shape: Shape, required: readonly Required[]) {
  const create = z.strictObject(
    Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, required.includes(key as Required) ? schema : (schema as z.ZodType).optional()])) as {
      [K in keyof Shape]: K extends Required ? Shape[K] : z.ZodOptional<Shape[K]>;
    },
  );
  const update = versionedUpdateSchema(shape);
  return { create, update };
}

// ---------------------------------------------------------------- apps (app store)

export const appMediaInputSchema = z.strictObject({
  type: z.enum(['image', 'gif', 'video'], { error: 'Tipo de mídia inválido.' }),
  url: imageUrlSchema.unwrap().refine((value) => value !== null, 'Informe o endereço da mídia.'),
  caption: z.string().trim().max(200, 'Legenda muito longa.').optional(),
});

const appFields = {
  name: requiredText('o nome do aplicativo', 80),
  description: text('a descrição', 2000),
  category: requiredText('a categoria', 40),
  iconUrl: imageUrlSchema,
  version: requiredText('a versão', 40),
  sizeMb: z.number().min(0, 'Valores não podem ser negativos').max(100_000).nullable(),
  rating,
  ratingCount: count,
  downloads: count,
  price: priceInputSchema,
  developer: optionalText(80),
  tags: stringList(20, 40),
  changelog: optionalText(4000),
  minVersion: optionalText(40),
  ram: optionalText(40),
  storage: optionalText(40),
  media: z.array(appMediaInputSchema).max(20, 'No máximo 20 mídias.'),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
};
export const { create: appCreateSchema, update: appUpdateSchema } = writeSchemas(appFields, ['name']);
export const adminAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  iconUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  version: z.string(),
  sizeMb: z.number().nullable(),
  rating: z.number(),
  ratingCount: z.number(),
  ratingBreakdown: z.array(z.number()).nullable(),
  downloads: z.number(),
  price: z.number(),
  developer: z.string().nullable(),
  tags: z.array(z.string()),
  changelog: z.string().nullable(),
  minVersion: z.string().nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  media: z.array(z.object({ type: z.string(), url: z.string(), caption: z.string().optional() })),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminApp = z.infer<typeof adminAppSchema>;
export const APP_SORT_KEYS = ['name', 'category', 'downloads', 'createdAt', 'updatedAt'] as const;

// ---------------------------------------------------------------- streaming apps (activation)

const streamingAppFields = {
  name: requiredText('o nome do app', 80),
  iconUrl: imageUrlSchema,
  description: text('a descrição', 2000),
  category: requiredText('a categoria', 40),
  rating,
  ratingCount: count,
  price: priceInputSchema,
  developer: optionalText(80),
  version: requiredText('a versão', 40),
  tags: stringList(20, 40),
  screenshots: z.array(imageUrlSchema.unwrap().refine((value) => value !== null, 'Informe o endereço da imagem.')).max(12, 'No máximo 12 capturas de tela.'),
  features: stringList(30),
  minVersion: optionalText(40),
  ram: optionalText(40),
  storage: optionalText(40),
  internetSpeed: optionalText(40),
  faq: z.array(z.strictObject({ question: requiredText('a pergunta', 200), answer: requiredText('a resposta', 2000) })).max(30, 'No máximo 30 perguntas.'),
  hasMonthlyLicense: z.boolean(),
  hasAnnualLicense: z.boolean(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
};
export const { create: streamingAppCreateSchema, update: streamingAppUpdateSchema } = writeSchemas(streamingAppFields, ['name', 'category', 'price']);
export const adminStreamingAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  description: z.string(),
  category: z.string(),
  rating: z.number(),
  ratingCount: z.number(),
  /** The reseller price; the client pays 1.5 × this. */
  price: z.number(),
  developer: z.string().nullable(),
  version: z.string(),
  tags: z.array(z.string()),
  screenshots: z.array(z.string()),
  features: z.array(z.string()),
  minVersion: z.string().nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  internetSpeed: z.string().nullable(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  hasMonthlyLicense: z.boolean(),
  hasAnnualLicense: z.boolean(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminStreamingApp = z.infer<typeof adminStreamingAppSchema>;
export const STREAMING_APP_SORT_KEYS = ['name', 'category', 'price', 'createdAt', 'updatedAt'] as const;
