// The recharge back office: supplier pricing rows, providers with their cost tiers, the contacts
// credit orders go to, credit purchase orders and saved calculations. Shared by the admin screens
// (instant checks, the same messages) and the server (the checks that count).
import './zod-locale.ts';
import { z } from 'zod';
import { imageUrlSchema, optionalText, priceInputSchema, text, writeSchemas } from './catalog-admin.ts';
import { formatBRL, fromCents, saoPauloDay, toCents, type Cents } from './money.ts';
import { calculatorInputSchema, calculatorResultSchema } from './pricing/calculator.ts';
import { BILLING_PERIODS } from './pricing/periods.ts';
import { planTypeSchema, providerCostTierSchema, quantitySchema, unitCostSchema } from './pricing/tiers.ts';

// ---------------------------------------------------------------- supplier pricing rows

export const SUPPLIER_VALIDATION_TITLE = 'Erro de Validação';
export const SUPPLIER_MESSAGES = {
  required: 'Todos os campos obrigatórios devem ser preenchidos',
  negative: 'Valores não podem ser negativos',
  panelUrl: 'URLs dos painéis devem começar com http:// ou https://',
} as const;

export const SUPPLIER_REQUIRED_FIELDS = ['category', 'supplier', 'server', 'username', 'panel', 'clientPanel'] as const;
const PANEL_URL = /^https?:\/\/\S+$/i;

const requiredSupplierText = (max: number) =>
  z.string({ error: SUPPLIER_MESSAGES.required }).trim().min(1, SUPPLIER_MESSAGES.required).max(max, `Texto muito longo (máximo ${max} caracteres).`);
const panelUrl = requiredSupplierText(2048).refine((value) => value === '' || PANEL_URL.test(value), SUPPLIER_MESSAGES.panelUrl);
const supplierAmount = priceInputSchema;

const supplierFields = {
  category: requiredSupplierText(80),
  supplier: requiredSupplierText(80),
  server: requiredSupplierText(80),
  username: requiredSupplierText(120),
  panel: panelUrl,
  clientPanel: panelUrl,
  minimumPurchase: supplierAmount,
  costPerCredit: supplierAmount,
  prePago: z.boolean(),
  posPago: z.boolean(),
  clientesAtivos: z.boolean(),
  mensalista: z.boolean(),
  qtdCreditos: z
    .number({ error: 'Informe a quantidade de créditos.' })
    .int('Use um número inteiro.')
    .min(0, SUPPLIER_MESSAGES.negative)
    .max(1_000_000, 'Quantidade acima do máximo.'),
  custoMedioCreditos: supplierAmount.nullable(),
  pagamentoMinimo: supplierAmount.nullable(),
  isActive: z.boolean(),
};
const supplierWrites = writeSchemas(supplierFields, SUPPLIER_REQUIRED_FIELDS);
export const supplierCreateSchema = supplierWrites.create;
export const supplierUpdateSchema = supplierWrites.update;
export type SupplierCreate = z.infer<typeof supplierCreateSchema>;

export const adminSupplierSchema = z.object({
  id: z.string(),
  category: z.string(),
  supplier: z.string(),
  server: z.string(),
  minimumPurchase: z.number(),
  costPerCredit: z.number(),
  username: z.string(),
  panel: z.string(),
  clientPanel: z.string(),
  prePago: z.boolean(),
  posPago: z.boolean(),
  clientesAtivos: z.boolean(),
  mensalista: z.boolean(),
  qtdCreditos: z.number(),
  custoMedioCreditos: z.number().nullable(),
  pagamentoMinimo: z.number().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSupplier = z.infer<typeof adminSupplierSchema>;
export const SUPPLIER_SORT_KEYS = ['createdAt', 'supplier', 'server', 'category', 'costPerCredit'] as const;

export const SUPPLIER_TOASTS = {
  loadError: 'Falha ao carregar fornecedores',
  createError: 'Falha ao adicionar fornecedor',
  updateError: 'Falha ao atualizar fornecedor',
  removeError: 'Falha ao remover fornecedor',
  created: 'Fornecedor adicionado com sucesso',
  updated: 'Fornecedor atualizado com sucesso',
  removed: 'Fornecedor removido com sucesso',
} as const;

// ---------------------------------------------------------------- providers and their cost tiers

export const PROVIDER_TOASTS = {
  created: 'Provedor criado com sucesso!',
  createError: 'Erro ao criar provedor',
  updated: 'Provedor atualizado com sucesso!',
  updateError: 'Erro ao atualizar provedor',
  removed: 'Provedor removido com sucesso!',
  removeError: 'Erro ao remover provedor',
  loadError: (message: string) => `Erro ao carregar provedores: ${message}`,
} as const;

export const UPLOAD_TOASTS = {
  uploaded: 'Arquivo enviado com sucesso!',
  removed: 'Arquivo removido com sucesso!',
  uploadError: 'Erro ao enviar arquivo',
  removeError: 'Erro ao remover arquivo',
} as const;

/** A file of ours (provider logos and documents live in our upload buckets). */
const providerFileSchema = imageUrlSchema;

const providerFields = {
  name: z.string({ error: 'Informe o nome do provedor.' }).trim().min(1, 'Informe o nome do provedor.').max(80, 'Nome muito longo (máximo 80 caracteres).'),
  supplierName: optionalText(80),
  description: optionalText(2000),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(254, 'E-mail muito longo.')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'E-mail inválido.')
    .transform((value) => value || null)
    .nullable(),
  providerUsername: optionalText(120),
  defaultUnitCost: unitCostSchema.nullable(),
  logoUrl: providerFileSchema,
  documentUrl: providerFileSchema,
  isActive: z.boolean(),
};
const providerWrites = writeSchemas(providerFields, ['name']);
export const providerCreateSchema = providerWrites.create;
export const providerUpdateSchema = providerWrites.update;
export type ProviderCreate = z.infer<typeof providerCreateSchema>;

export const providerCostSchema = z.object({
  id: z.string(),
  planType: planTypeSchema,
  quantity: z.number().int(),
  unitCost: z.number(),
  /** quantity × unit cost, rounded to cents. */
  totalCost: z.number(),
});
export type ProviderCost = z.infer<typeof providerCostSchema>;

export const adminProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  supplierName: z.string().nullable(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  providerUsername: z.string().nullable(),
  defaultUnitCost: z.number().nullable(),
  logoUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;
export const PROVIDER_SORT_KEYS = ['name', 'createdAt', 'updatedAt'] as const;

/** A provider with its tiers, ordered by plan type and quantity: what the calculator works on. */
export const providerWithCostsSchema = adminProviderSchema.extend({ costs: z.array(providerCostSchema) });
export type ProviderWithCosts = z.infer<typeof providerWithCostsSchema>;

/** A tier to add (or whose unit cost to replace, for the same plan type and quantity). */
export const providerCostInputSchema = z.strictObject({
  planType: planTypeSchema,
  quantity: quantitySchema,
  unitCost: unitCostSchema,
});
export type ProviderCostInput = z.infer<typeof providerCostInputSchema>;

export const providerCostParamsSchema = z.object({
  id: z.uuid('Provedor inválido.'),
  costId: z.uuid('Faixa de custo inválida.'),
});

/** The provider form's draft, kept in the browser while it is filled in (its storage key: `keyPrefix` and the provider's id, or 'novo'). */
export const PROVIDER_DRAFT = { saveDelayMs: 800, maxAgeMs: 24 * 60 * 60 * 1000, keyPrefix: 'vitrine:rascunho-provedor:' } as const;

/** The stored name of a file (the last segment of its address), which is how a file is removed. */
export function lastPathSegment(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}

// ---------------------------------------------------------------- contacts credit orders go to

const contactFields = {
  name: z.string({ error: 'Informe o nome do contato.' }).trim().min(1, 'Informe o nome do contato.').max(80, 'Nome muito longo (máximo 80 caracteres).'),
  phone: optionalText(40),
  notes: optionalText(500),
  isActive: z.boolean(),
};
const contactWrites = writeSchemas(contactFields, ['name']);
export const rechargeContactCreateSchema = contactWrites.create;
export const rechargeContactUpdateSchema = contactWrites.update;
export const rechargeContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RechargeContact = z.infer<typeof rechargeContactSchema>;
export const RECHARGE_CONTACT_SORT_KEYS = ['name', 'createdAt'] as const;

/** How a contact appears in an order: its name, and its phone when it has one. */
export const contactLabel = (contact: Pick<RechargeContact, 'name' | 'phone'>) => (contact.phone ? `${contact.name} (${contact.phone})` : contact.name);

// ---------------------------------------------------------------- credit purchase orders

export const CREDIT_ORDER_MESSAGES = {
  webhookRequired: 'Por favor, insira a URL do webhook',
  contactRequired: 'Por favor, selecione um contato',
  itemsRequired: 'Adicione pelo menos um item antes de enviar',
  sendFailed: 'Falha ao enviar a solicitação. Verifique a URL do webhook.',
  sent: 'Solicitação Enviada',
} as const;

export const MAX_CREDIT_ORDER_ITEMS = 50;

export const creditOrderItemInputSchema = z.strictObject({
  provider: z.string({ error: 'Informe o provedor do item.' }).trim().min(1, 'Informe o provedor do item.').max(80, 'Nome muito longo (máximo 80 caracteres).'),
  quantity: quantitySchema,
  unitCost: priceInputSchema,
  providerCode: text('o código do provedor', 80).optional(),
  userName: text('o usuário', 120).optional(),
});
export type CreditOrderItemInput = z.infer<typeof creditOrderItemInputSchema>;

export const creditOrderItemSchema = creditOrderItemInputSchema.extend({ total: z.number() });
export type CreditOrderItem = z.infer<typeof creditOrderItemSchema>;

export const creditOrderCreateSchema = z.strictObject({
  webhookUrl: z
    .string({ error: CREDIT_ORDER_MESSAGES.webhookRequired })
    .trim()
    .min(1, CREDIT_ORDER_MESSAGES.webhookRequired)
    .max(2048, 'Endereço muito longo.'),
  contactId: z.uuid({ error: CREDIT_ORDER_MESSAGES.contactRequired }),
  items: z
    .array(creditOrderItemInputSchema, { error: CREDIT_ORDER_MESSAGES.itemsRequired })
    .min(1, CREDIT_ORDER_MESSAGES.itemsRequired)
    .max(MAX_CREDIT_ORDER_ITEMS, `No máximo ${MAX_CREDIT_ORDER_ITEMS} itens por pedido.`),
});
export type CreditOrderCreate = z.infer<typeof creditOrderCreateSchema>;

/** Each item's total (quantity × unit cost, to the cent) and the order's total, in cents. */
export function creditOrderTotals(items: readonly CreditOrderItemInput[]): { items: CreditOrderItem[]; totalCents: Cents } {
  let totalCents = 0;
  const priced = items.map((item) => {
    const cents = item.quantity * toCents(item.unitCost);
    totalCents += cents;
    return { ...item, total: fromCents(cents) };
  });
  return { items: priced, totalCents };
}

/** The order as the receiver reads it: one line per item and the total, in Brazilian Portuguese. */
export function creditOrderMessage(contact: string, items: readonly CreditOrderItem[], totalCents: Cents): string {
  const lines = items.map((item, index) => {
    const extras = [item.providerCode ? `código ${item.providerCode}` : null, item.userName ? `usuário ${item.userName}` : null].filter(Boolean).join(', ');
    const credits = item.quantity === 1 ? '1 crédito' : `${item.quantity.toLocaleString('pt-BR')} créditos`;
    return `${index + 1}. ${item.provider}: ${credits} × ${formatBRL(item.unitCost)} = ${formatBRL(item.total)}${extras ? ` (${extras})` : ''}`;
  });
  return [`Olá, ${contact}! Segue um pedido de compra de créditos:`, ...lines, `Total do pedido: ${formatBRL(fromCents(totalCents))}`].join('\n');
}

/** The JSON body the webhook receives. */
export const creditOrderPayloadSchema = z.object({
  contact: z.string(),
  message: z.string(),
  timestamp: z.string(),
  type: z.literal('credit_purchase_order'),
});
export type CreditOrderPayload = z.infer<typeof creditOrderPayloadSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;
export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  pending: 'Na fila',
  delivering: 'Enviando',
  delivered: 'Entregue',
  failed: 'Falhou',
};

export const creditOrderSchema = z.object({
  id: z.string(),
  contact: z.string(),
  message: z.string(),
  items: z.array(creditOrderItemSchema),
  total: z.number(),
  webhookUrl: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  delivery: z
    .object({
      id: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      attempts: z.number().int(),
      lastStatusCode: z.number().int().nullable(),
      lastError: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type CreditOrder = z.infer<typeof creditOrderSchema>;

// ---------------------------------------------------------------- standard costs

/** The standard costs as the server answers them (saved values are clamped by standardCostsSchema). */
export const standardCostsValueSchema = z.object({ creditCost: z.number(), supplierCost: z.number(), providerCost: z.number() });

// ---------------------------------------------------------------- saved calculations

export const pricingCalculationSchema = z.object({
  id: z.string(),
  providerId: z.string().nullable(),
  planType: planTypeSchema,
  quantity: z.number().int(),
  sellPrice: z.number(),
  discount: z.number(),
  fixedCosts: z.number(),
  result: calculatorResultSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PricingCalculation = z.infer<typeof pricingCalculationSchema>;
export const pricingCalculationInputSchema = calculatorInputSchema;
export const NO_TIER_MESSAGE = 'Nenhuma faixa de custo deste provedor cobre esse tipo de plano e quantidade.';

// ---------------------------------------------------------------- exports

export const EXPORT_TOASTS = {
  ragDone: 'Dados RAG exportados com sucesso!',
  ragError: 'Erro ao exportar dados RAG',
  sheetDone: 'Planilha exportada com sucesso! Importe o CSV no Google Sheets.',
  sheetError: 'Erro ao exportar planilha',
} as const;

export const RAG_FORMATS = ['json', 'csv'] as const;
export const ragExportQuerySchema = z.object({ format: z.enum(RAG_FORMATS, { error: 'Formato inválido: use json ou csv.' }).default('json') });

/** 'consolidado-2026-11-25.csv': exports carry the day they were made (São Paulo time). */
export function exportFileName(prefix: string, extension: string, at: Date = new Date()): string {
  return `${prefix}-${saoPauloDay(at)}.${extension}`;
}

export { BILLING_PERIODS as PLAN_TYPES, providerCostTierSchema };
