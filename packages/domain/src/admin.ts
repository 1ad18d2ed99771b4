// The admin panel's shared machinery: the contract of a resource the admin lists, creates, edits and
// deletes, and the audit trail every admin write leaves.
import './zod-locale.ts';
import { z } from 'zod';
import { defineEndpoint } from './contracts.ts';
import { listEnvelopeSchema, listQuerySchema } from './lists.ts';

export const ADMIN_WRITE_ACTIONS = ['create', 'update', 'delete'] as const;
export type AdminWriteAction = (typeof ADMIN_WRITE_ACTIONS)[number];

/** The texts of a write that changed no row (the record is gone, or never existed). */
export const NO_ROW_AFFECTED: Record<AdminWriteAction, string> = {
  create: 'Nenhum registro foi criado',
  update: 'Nenhum registro foi atualizado',
  delete: 'Nenhum registro foi excluído',
};

export const recordIdParamsSchema = z.object({ id: z.uuid('Registro inválido.') });

/**
 * The four endpoints of an admin resource under `path`: the list (paged, searched and sorted on the
 * server), create, partial update and delete. Every one is for active PRO sessions only.
 */
export function defineAdminResource<
  const Path extends `/api/admin/${string}`,
  Item extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  const SortKey extends string,
>({
  path,
  label,
  item,
  create,
  update,
  sortKeys,
}: {
  path: Path;
  label: string;
  item: Item;
  create: Create;
  update: Update;
  sortKeys: readonly [SortKey, ...SortKey[]];
}) {
  const tag = 'admin';
  const recordPath = `${path}/:id` as `${Path}/:id` & `/api/${string}`;
  return {
    list: defineEndpoint({
      method: 'GET',
      path,
      tag,
      access: 'pro',
      summary: `Lista ${label}: paginado, com busca e ordenação no servidor — somente admin`,
      query: listQuerySchema.extend({ sort: z.enum(sortKeys, { error: 'Ordenação inválida.' }).optional() }),
      responses: { 200: listEnvelopeSchema(item) },
      errors: [400],
    }),
    create: defineEndpoint({
      method: 'POST',
      path,
      tag,
      access: 'pro',
      summary: `Cria um registro em ${label} (registrado na trilha de auditoria) — somente admin`,
      body: create,
      responses: { 201: item },
      errors: [400],
    }),
    update: defineEndpoint({
      method: 'PATCH',
      path: recordPath,
      tag,
      access: 'pro',
      summary: `Altera campos de um registro em ${label} (registrado na trilha de auditoria) — somente admin`,
      description:
        'O corpo diz de qual versão a edição partiu (expectedUpdatedAt: o updatedAt lido do registro). Se outra escrita veio antes, ' +
        'nada é gravado: 409 com o registro atual em error.details.current; sem a versão, 428.',
      params: recordIdParamsSchema,
      body: update,
      responses: { 200: item },
      errors: [400, 404, 409, 428],
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: recordPath,
      tag,
      access: 'pro',
      summary: `Exclui um registro de ${label} (registrado na trilha de auditoria) — somente admin`,
      params: recordIdParamsSchema,
      responses: { 204: null },
      errors: [404],
    }),
  };
}
export type AdminResourceContract = ReturnType<typeof defineAdminResource>;

// ---------------------------------------------------------------- audit trail

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(ADMIN_WRITE_ACTIONS),
  resource: z.string(),
  recordId: z.string(),
  /** The record before and after the write (null before a create, after a delete). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Fields whose value changed; every field for a create or a delete. */
  changedFields: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, search: true }).extend({
  resource: z.string().trim().max(60).optional(),
  action: z.enum(ADMIN_WRITE_ACTIONS, { error: 'Ação inválida.' }).optional(),
});

/** Bookkeeping fields every write touches; they are kept in the snapshots but never listed as changed. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt']);

/** The fields whose values differ between two versions of a record (compared as JSON). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => !BOOKKEEPING_FIELDS.has(key) && JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])).sort();
}

// ---------------------------------------------------------------- dashboard

/** The first-run checklist ('Primeiros passos'): what a new shop still has to set, each where it is done. */
export const SETUP_STEPS = ['pix_key', 'contact_email', 'smtp', 'public_url', 'tmdb', 'second_admin'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const setupChecklistSchema = z.object({
  steps: z.array(z.object({ id: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const dashboardQuerySchema = z.object({
  days: z.coerce.number().int('Período inválido.').min(1, 'Período inválido.').max(365, 'No máximo 365 dias.').default(30),
});

export const dashboardSchema = z.object({
  days: z.number(),
  counts: z.object({
    plans: z.number(),
    apps: z.number(),
    streamingApps: z.number(),
    resellerPlans: z.number(),
    shortcuts: z.number(),
    proUsers: z.number(),
    unreadContactMessages: z.number(),
    openHandoffs: z.number(),
    /** Shortcut runs of the period that failed for good (every attempt refused or unreachable). */
    failedShortcutRuns: z.number(),
  }),
  /** One entry per day of the period (São Paulo time), oldest first, days without visits included. */
  visitsPerDay: z.array(z.object({ day: z.string(), visits: z.number(), sessions: z.number() })),
  topPages: z.array(z.object({ path: z.string(), visits: z.number() })),
  topSources: z.array(z.object({ source: z.string(), visits: z.number() })),
  chat: z.object({
    conversations: z.number(),
    messages: z.number(),
    positive: z.number(),
    negative: z.number(),
    /** Positive share of the rated answers, 0 to 1; null before any rating. */
    positiveRatio: z.number().nullable(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------- operations: webhooks, e-mail, sessions

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;

export const webhookDeliveryLogSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  url: z.string(),
  event: z.string(),
  source: z.string(),
  sourceId: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(
    z.object({
      attempt: z.number(),
      statusCode: z.number().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  /** The last attempt's duration in milliseconds. */
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDeliveryLog = z.infer<typeof webhookDeliveryLogSchema>;

export const webhookDeliveryQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, search: true }).extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Estado inválido.' }).optional(),
  source: z.enum(['shortcut', 'credit_order', 'test', 'payment'], { error: 'Origem inválida.' }).optional(),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** Only the last four characters; the whole secret is shown once, when it is rotated. */
  secretHint: z.string(),
  deliveries: z.number(),
  createdAt: z.string(),
});
export const webhookEndpointSecretSchema = z.object({ id: z.string(), url: z.string(), secret: z.string() });

export const emailOutboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['logged', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export const emailOutboxQuerySchema = listQuerySchema.pick({ page: true, pageSize: true, search: true }).extend({
  status: z.enum(['logged', 'sent', 'failed'], { error: 'Estado inválido.' }).optional(),
});

export const adminSessionSchema = z.object({
  id: z.string(),
  email: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session making this request. */
  isCurrent: z.boolean(),
});
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(128) });

// ---------------------------------------------------------------- audit trail, as people read it

/** The audited resources by their Portuguese names (an unknown one shows as recorded). */
export const AUDIT_RESOURCE_LABELS: Readonly<Record<string, string>> = {
  'app-files': 'Arquivos de apps',
  apps: 'Apps',
  'contact-messages': 'Mensagens de contato',
  'credit-orders': 'Pedidos de recarga',
  'customer-exports': 'Exportações de dados de clientes (LGPD)',
  customers: 'Clientes',
  deliveries: 'Entregas',
  'download-codes': 'Códigos de download',
  'local-titles': 'Títulos locais',
  plans: 'Planos',
  'pricing-calculations': 'Cálculos de preço',
  'pro-users': 'Usuários PRO',
  'provider-costs': 'Custos de provedores',
  providers: 'Provedores',
  'recharge-contacts': 'Contatos de recarga',
  'reseller-plans': 'Planos de revenda',
  sessions: 'Sessões',
  'subscription-access-links': 'Links de Minha assinatura',
  subscriptions: 'Assinaturas',
  settings: 'Configurações',
  shortcuts: 'Atalhos',
  'site-config': 'Configurações do site',
  'standard-costs': 'Custos padronizados',
  'streaming-apps': 'Apps de streaming',
  suppliers: 'Fornecedores',
  'webhook-deliveries': 'Entregas de webhook',
  'webhook-endpoints': 'Destinos de webhook',
};

export const auditResourceLabel = (resource: string) => AUDIT_RESOURCE_LABELS[resource] ?? resource;

/** The fields that name a record, in the order tried: the audit trail shows the item, not its id. */
const NAMING_FIELDS = ['name', 'title', 'email', 'supplier', 'provider', 'url', 'contact', 'label', 'subject'] as const;

/** The name of the audited item, from its snapshot after (or before) the write, or null when it has none. */
export function auditItemName(entry: Pick<AuditEntry, 'before' | 'after'>): string | null {
  const snapshot = entry.after ?? entry.before;
  if (!snapshot) return null;
  for (const field of NAMING_FIELDS) {
    const value = snapshot[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  const { section, configKey } = snapshot;
  if (typeof section === 'string' && typeof configKey === 'string') return `${section}.${configKey}`;
  return null;
}
