import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chatIntentHref,
  chatIntentMessage,
  chatIntentSchema,
  keyOf,
  KIND_PARAMS,
  parseChatIntent,
  PLAN_TYPE_PARAMS,
  Query,
  SUPPORT_TOPIC_PARAMS,
  type ChatIntent,
  type QueryParams,
} from './chat-intent.ts';
import { PERIOD_SLUGS } from './pricing/periods.ts';

/** A link read through the API's schema: the same candidate fields, then the schema decides. */
function readWithSchema(params: QueryParams): ChatIntent | null {
  const kind = keyOf(KIND_PARAMS, params.get('intent'));
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
              plan: params.get('plano') ?? undefined,
              credits: credits === null ? undefined : Number(credits),
            }
          : kind === 'support'
            ? { kind, about: keyOf(SUPPORT_TOPIC_PARAMS, params.get('assunto')) }
            : kind
              ? { kind }
              : null;
  const parsed = chatIntentSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

describe('a chat intent link', () => {
  it.each<[ChatIntent, string, string]>([
    [{ kind: 'plan', plan: 'Premium', period: 'annual' }, '/chat?intent=plano&plano=Premium&periodo=anual', 'Quero assinar o plano Premium (Anual).'],
    [
      { kind: 'activate', app: 'UniTV', mode: 'revendedor' },
      '/chat?intent=ativar&app=UniTV&modo=revendedor',
      'Quero ativar o app UniTV (preço de revendedor).',
    ],
    [
      { kind: 'resell', planType: 'prepaid', credits: 120 },
      '/chat?intent=revenda&tipo=pre-pago&creditos=120',
      'Quero começar a revender: modalidade Pré-pago, 120 créditos.',
    ],
    [
      { kind: 'resell', planType: 'prepaid', credits: 1000 },
      '/chat?intent=revenda&tipo=pre-pago&creditos=1000',
      'Quero começar a revender: modalidade Pré-pago, 1.000 créditos.',
    ],
    [
      { kind: 'resell', planType: 'active_users', plan: 'Ativos 10' },
      '/chat?intent=revenda&tipo=clientes-ativos&plano=Ativos+10',
      'Quero começar a revender: modalidade Clientes Ativos, plano Ativos 10.',
    ],
    [{ kind: 'resell' }, '/chat?intent=revenda', 'Quero começar a revender.'],
    [{ kind: 'support' }, '/chat?intent=suporte', 'Preciso falar com o suporte.'],
    [{ kind: 'try_ai' }, '/chat?intent=testar-ia', 'Quero testar o assistente.'],
    [{ kind: 'support', about: 'activation' }, '/chat?intent=suporte&assunto=ativacao', 'Preciso de ajuda para ativar um app.'],
    [{ kind: 'pay' }, '/chat?intent=pagar', 'Quero pagar com PIX.'],
  ])('%j is %s and reads back the same', (intent, href, message) => {
    expect(chatIntentHref(intent)).toBe(href);
    expect(parseChatIntent(href.slice('/chat?'.length))).toEqual(intent);
    expect(chatIntentMessage(intent)).toBe(message);
  });

  it.each([
    ['', 'no intent'],
    ['intent=qualquer', 'an unknown intent'],
    ['intent=plano', 'a plan without a name'],
    ['intent=ativar&app=X&modo=gratis', 'an unknown price mode'],
    ['intent=revenda&creditos=5000', 'credits over the limit'],
    ['intent=revenda&creditos=abc', 'credits that are not a number'],
    [`intent=plano&plano=${'x'.repeat(500)}`, 'a name too long'],
  ])('%s carries nothing (%s)', (search) => {
    expect(parseChatIntent(search)).toBeNull();
  });

  it('defaults a plan link without a period to monthly', () => {
    expect(parseChatIntent('intent=plano&plano=Básico')).toEqual({ kind: 'plan', plan: 'Básico', period: 'monthly' });
  });

  it("reads any link as the API's schema does (the chat page reads links without it)", () => {
    const absent = <T>(values: fc.Arbitrary<T>) => fc.option(values, { nil: null });
    const names = fc.oneof(fc.constantFrom('', '   ', 'Premium', '  Premium  ', 'x'.repeat(120), ` ${'x'.repeat(120)} `, 'x'.repeat(121)), fc.string());
    const numbers = fc.oneof(fc.constantFrom('', '0', '1', '1000', '1001', '12.5', '-3', 'abc', ' 7', '1e2', '0x10'), fc.integer().map(String));
    const link = fc.record({
      intent: absent(fc.constantFrom(...Object.values(KIND_PARAMS), 'outra')),
      plano: absent(names),
      periodo: absent(fc.constantFrom(...Object.values(PERIOD_SLUGS), 'decenal')),
      app: absent(names),
      modo: absent(fc.constantFrom('cliente', 'revendedor', 'gratis', '')),
      tipo: absent(fc.constantFrom(...Object.values(PLAN_TYPE_PARAMS), 'anual')),
      creditos: absent(numbers),
      assunto: absent(fc.constantFrom(...Object.values(SUPPORT_TOPIC_PARAMS), 'outro', '')),
    });
    fc.assert(
      fc.property(link, (fields) => {
        const params = new Query();
        for (const [key, value] of Object.entries(fields)) if (value !== null) params.set(key, value);
        expect(parseChatIntent(params)).toEqual(readWithSchema(params));
      }),
      { seed: 20261126, numRuns: 5000 },
    );
  });
});
