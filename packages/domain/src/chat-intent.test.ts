import { describe, expect, it } from 'vitest';
import { chatIntentHref, chatIntentMessage, parseChatIntent, type ChatIntent } from './chat-intent.ts';

describe('a chat intent link', () => {
  it.each<[ChatIntent, string, string]>([
    [
      { kind: 'plan', plan: 'Premium', period: 'annual' },
      '/chat?intent=plano&plano=Premium&periodo=anual',
      'Quero assinar o plano Premium (Anual).',
    ],
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
      { kind: 'resell', planType: 'active_users', plan: 'Ativos 10' },
      '/chat?intent=revenda&tipo=clientes-ativos&plano=Ativos+10',
      'Quero começar a revender: modalidade Clientes Ativos, plano Ativos 10.',
    ],
    [{ kind: 'resell' }, '/chat?intent=revenda', 'Quero começar a revender.'],
    [{ kind: 'support' }, '/chat?intent=suporte', 'Preciso falar com o suporte.'],
    [{ kind: 'try_ai' }, '/chat?intent=testar-ia', 'Quero testar o assistente.'],
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
});
