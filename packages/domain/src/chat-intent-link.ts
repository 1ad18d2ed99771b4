// The /chat link a storefront button carries: built, read back and stated as the visitor's first
// message without schemas (the storefront's and the chat's first load run this). chat-intent.ts
// holds the same rules as a schema, for the API, and re-exports all of this.
import { formatDecimal } from './number-format.ts';
import { PERIOD_LABELS, PERIOD_SLUGS, type BillingPeriod } from './pricing/periods.ts';
import { CREDIT_LIMITS, RESELLER_PLAN_TYPE_LABELS, type ResellerPlanType } from './reseller-prices.ts';

export const PRICE_MODES = ['cliente', 'revendedor'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];
/** What a support request is about, when the button knows: 'activation' from the app activation page. */
export const SUPPORT_TOPICS = ['activation'] as const;
export const SUPPORT_TOPIC_PARAMS = { activation: 'ativacao' } as const;

/** What a visitor came to the chat for (chat-intent.ts holds its schema; a check there keeps the two equal). */
export type ChatIntent =
  | { kind: 'plan'; plan: string; period: BillingPeriod }
  | { kind: 'activate'; app: string; mode: PriceMode }
  | { kind: 'resell'; planType?: ResellerPlanType; plan?: string; credits?: number }
  | { kind: 'support'; about?: (typeof SUPPORT_TOPICS)[number] }
  | { kind: 'pay' }
  | { kind: 'try_ai' };

// The link speaks Portuguese, as the rest of the site's addresses do.
export const KIND_PARAMS: Record<ChatIntent['kind'], string> = {
  plan: 'plano',
  activate: 'ativar',
  resell: 'revenda',
  support: 'suporte',
  try_ai: 'testar-ia',
  pay: 'pagar',
};
export const PLAN_TYPE_PARAMS = { prepaid: 'pre-pago', monthly: 'mensal', active_users: 'clientes-ativos' } as const;

export const keyOf = <T extends string>(record: Record<T, string>, value: string | null): T | undefined =>
  (Object.keys(record) as T[]).find((key) => record[key] === value);

/** Reads query parameters; URLSearchParams (browser or Node) is one. */
export interface QueryParams {
  get(key: string): string | null;
}

export class Query implements QueryParams {
  readonly entries: [string, string][] = [];
  set(key: string, value: string) {
    this.entries.push([key, value]);
  }
  get(key: string) {
    return this.entries.find(([candidate]) => candidate === key)?.[1] ?? null;
  }
  toString() {
    const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
    return this.entries.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  }
  static parse(search: string) {
    const query = new Query();
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return '';
      }
    };
    for (const pair of search.replace(/^\?/, '').split('&')) {
      if (!pair) continue;
      const [key = '', value = ''] = pair.split('=', 2);
      query.set(decode(key), decode(value));
    }
    return query;
  }
}

/** '/chat?intent=plano&plano=Premium&periodo=anual' and the like. */
export function chatIntentHref(intent: ChatIntent): string {
  const params = new Query();
  params.set('intent', KIND_PARAMS[intent.kind]);
  switch (intent.kind) {
    case 'plan':
      params.set('plano', intent.plan);
      params.set('periodo', PERIOD_SLUGS[intent.period]);
      break;
    case 'activate':
      params.set('app', intent.app);
      params.set('modo', intent.mode);
      break;
    case 'resell':
      if (intent.planType) params.set('tipo', PLAN_TYPE_PARAMS[intent.planType]);
      if (intent.plan) params.set('plano', intent.plan);
      if (intent.credits !== undefined) params.set('creditos', String(intent.credits));
      break;
    case 'support':
      if (intent.about) params.set('assunto', SUPPORT_TOPIC_PARAMS[intent.about]);
      break;
  }
  return `/chat?${params.toString()}`;
}

/** Plan and app names in an intent: trimmed, 1 to this many characters. */
export const CHAT_INTENT_NAME_MAX = 120;

const nameOf = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= CHAT_INTENT_NAME_MAX ? trimmed : undefined;
};

/**
 * The intent a /chat link carries, or null when it carries none or a malformed one (a name that is
 * empty or too long, an unknown mode, credits that are not a whole number within the limits).
 */
export function parseChatIntent(search: string | QueryParams): ChatIntent | null {
  const params = typeof search === 'string' ? Query.parse(search) : search;
  const kind = keyOf(KIND_PARAMS, params.get('intent'));
  switch (kind) {
    case 'plan': {
      const plan = nameOf(params.get('plano'));
      return plan ? { kind, plan, period: keyOf(PERIOD_SLUGS, params.get('periodo')) ?? 'monthly' } : null;
    }
    case 'activate': {
      const app = nameOf(params.get('app'));
      const mode = params.get('modo') ?? 'cliente';
      return app && (PRICE_MODES as readonly string[]).includes(mode) ? { kind, app, mode: mode as PriceMode } : null;
    }
    case 'resell': {
      const intent: Extract<ChatIntent, { kind: 'resell' }> = { kind };
      const planType = keyOf(PLAN_TYPE_PARAMS, params.get('tipo'));
      if (planType) intent.planType = planType;
      const plan = params.get('plano');
      if (plan !== null) {
        const named = nameOf(plan);
        if (!named) return null;
        intent.plan = named;
      }
      const credits = params.get('creditos');
      if (credits !== null) {
        const count = Number(credits);
        if (!Number.isInteger(count) || count < CREDIT_LIMITS.min || count > CREDIT_LIMITS.max) return null;
        intent.credits = count;
      }
      return intent;
    }
    case 'support': {
      const about = keyOf(SUPPORT_TOPIC_PARAMS, params.get('assunto'));
      return about ? { kind, about } : { kind };
    }
    case 'try_ai':
    case 'pay':
      return { kind };
    default:
      return null;
  }
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
        intent.credits !== undefined ? `${formatDecimal(intent.credits)} créditos` : null,
      ].filter(Boolean);
      return details.length ? `Quero começar a revender: ${details.join(', ')}.` : 'Quero começar a revender.';
    }
    case 'support':
      return intent.about === 'activation' ? 'Preciso de ajuda para ativar um app.' : 'Preciso falar com o suporte.';
    case 'pay':
      return 'Quero pagar com PIX.';
    case 'try_ai':
      return 'Quero testar o assistente.';
  }
}
