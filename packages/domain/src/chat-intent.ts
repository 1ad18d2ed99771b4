// What a visitor came to the chat for, carried in the /chat link by the storefront buttons
// ('Escolher Plano', 'Ativar', 'Ativar Agora', 'Começar Vendas', 'Falar com o suporte',
// 'Testar IA Agora') and by the chat's PIX shortcut ('pay'). One format, so every button and the chat agree.
import './zod-locale.ts';
import { z } from 'zod';
import { CHAT_INTENT_NAME_MAX, PRICE_MODES, SUPPORT_TOPICS, type ChatIntent } from './chat-intent-link.ts';
import { BILLING_PERIODS } from './pricing/periods.ts';
import { CREDIT_LIMITS, RESELLER_PLAN_TYPES } from './reseller-prices.ts';

// Building, reading and stating a link, free of schemas: the storefront's buttons and the chat page
// run them on their first load. The schema below holds the same rules for the API (a test compares).
export * from './chat-intent-link.ts';

const name = z.string().trim().min(1).max(CHAT_INTENT_NAME_MAX);

export const chatIntentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), plan: name, period: z.enum(BILLING_PERIODS) }),
  z.object({ kind: z.literal('activate'), app: name, mode: z.enum(PRICE_MODES) }),
  z.object({
    kind: z.literal('resell'),
    planType: z.enum(RESELLER_PLAN_TYPES).optional(),
    plan: name.optional(),
    credits: z.number().int().min(CREDIT_LIMITS.min).max(CREDIT_LIMITS.max).optional(),
  }),
  z.object({ kind: z.literal('support'), about: z.enum(SUPPORT_TOPICS).optional() }),
  z.object({ kind: z.literal('pay') }),
  z.object({ kind: z.literal('try_ai') }),
]);

// The type lives schema-free in chat-intent-link.ts; this fails to compile when the schema and the type part ways.
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesType: SameType<z.infer<typeof chatIntentSchema>, ChatIntent> = true;
void schemaMatchesType;
