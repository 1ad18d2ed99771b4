// What a visitor came to the chat for, carried in the /chat link by the storefront buttons
// ('Escolher Plano', 'Ativar', 'Ativar Agora', 'Começar Vendas', 'Falar com o suporte',
// 'Testar IA Agora'). One format, built and read here, so every button and the chat agree.
import './zod-locale.ts';
import { z } from 'zod';
import { BILLING_PERIODS, PERIOD_LABELS, PERIOD_SLUGS } from './pricing/periods.ts';
import { CREDIT_LIMITS, RESELLER_PLAN_TYPE_LABELS, RESELLER_PLAN_TYPES } from './resellers.ts';
import { KIND_PARAMS, keyOf, PLAN_TYPE_PARAMS, PRICE_MODES, Query, type QueryParams } from './chat-intent-link.ts';

// Building a link, free of schemas: the storefront's buttons build them on the first load.
export * from './chat-intent-link.ts';

const name = z.string().trim().min(1).max(120);

export const chatIntentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: name, period: z.enum(BILLING_PERIODS) }),
  z.object({ kind: z.literal('activate'), app: name, mode: z.enum(PRICE_MODES) }),
  z.object({
    kind: z.literal('resell'),
    planType: z.enum(RESELLER_PLAN_TYPES).optional(),
    plan: name.optional(),
    credits: z.number().int().min(CREDIT_LIMITS.min).max(CREDIT_LIMITS.max).optional(),
  }),
  z.object({ kind: z.literal('support') }),
  z.object({ kind: z.literal('try_ai') }),
]);
export type ChatIntent = z.infer<typeof chatIntentSchema>;

/** The intent a /chat link carries, or null when it carries none or a malformed one. */
export function parseChatIntent(search: string | QueryParams): ChatIntent | null {
  const params = typeof search === 'string' ? Query.parse(search) : search;
  const kind = keyOf(KIND_PARAMS, params.get('intent'));
  const optional = (key: string) => params.get(key) ?? undefined;
  const credits = params.get('creditos');
  const candidate =
    kind === 'plan'
      ? { kind, plan: params.get('plano'), period: keyOf(PERIOD_SLUGS, params.get('periodo')) ?? 'monthly' }
      : kind === 'activate'
        ? { kind, app: params.get('app'), mode: params.get('modo') ?? 'cliente' }
        : kind === 'resell'
          ? {
              kind,
              planType: keyOf(PLAN_TYPE_PARAMS, params.get('tipo')),
              plan: optional('plano'),
              credits: credits === null ? undefined : Number(credits),
            }
          : kind
            ? { kind }
            : null;
  const parsed = chatIntentSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The visitor's first message, stated for them when they arrive with an intent. */
export function chatIntentMessage(intent: ChatIntent): string {
  switch (intent.kind) {
    case 'plan':
      return `Quero assinar o plano ${intent.plan} (${PERIOD_LABELS[intent.period]}).`;
    case 'activate':
      return `Quero ativar o app ${intent.app} (${intent.mode === 'revendedor' ? 'preço de revendedor' : 'cliente final'}).`;
    case 'resell': {
      const details = [
        intent.planType ? `modalidade ${RESELLER_PLAN_TYPE_LABELS[intent.planType]}` : null,
        intent.plan ? `plano ${intent.plan}` : null,
        intent.credits !== undefined ? `${intent.credits} créditos` : null,
      ].filter(Boolean);
      return details.length ? `Quero começar a revender: ${details.join(', ')}.` : 'Quero começar a revender.';
    }
    case 'support':
      return 'Preciso falar com o suporte.';
    case 'try_ai':
      return 'Quero testar o assistente.';
  }
}
