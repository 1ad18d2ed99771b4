// The /chat link a storefront button carries, built without schemas (the storefront's first load
// builds them); chat-intent.ts reads it back with the schemas and re-exports all of this.
import type { ChatIntent } from './chat-intent.ts';
import { PERIOD_SLUGS } from './pricing/periods.ts';

export const PRICE_MODES = ['cliente', 'revendedor'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

// The link speaks Portuguese, as the rest of the site's addresses do.
export const KIND_PARAMS: Record<ChatIntent['kind'], string> = {
  plan: 'plano',
  activate: 'ativar',
  resell: 'revenda',
  support: 'suporte',
  try_ai: 'testar-ia',
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
  }
  return `/chat?${params.toString()}`;
}
