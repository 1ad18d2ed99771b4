import { describe, expect, it } from 'vitest';
import { contactMessageInputSchema, defaultHeaderConfig, headerFromEntries, wellFormedConfigEntries } from './content.ts';

/** What a page shows: the public read's well-formed parts (server) merged over the defaults (browser). */
const resolveHeader = (entries: Record<string, unknown>) => headerFromEntries(wellFormedConfigEntries('header', entries));

const valid = { name: ' Maria ', email: ' maria@exemplo.com.br ', subject: 'Planos', message: 'Quero saber mais.' };

describe('contact form', () => {
  it('trims every field', () => {
    expect(contactMessageInputSchema.parse(valid)).toEqual({
      name: 'Maria',
      email: 'maria@exemplo.com.br',
      subject: 'Planos',
      message: 'Quero saber mais.',
    });
  });

  it.each([
    ['name', '  ', 'Informe seu nome.'],
    ['email', '', 'Informe seu e-mail.'],
    ['email', 'maria@', 'Formato de e-mail inválido'],
    ['subject', '', 'Informe o assunto.'],
    ['message', ' ', 'Escreva sua mensagem.'],
    ['message', 'x'.repeat(5001), 'Mensagem muito longa (máximo de 5000 caracteres).'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    const result = contactMessageInputSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('requires all four fields and refuses unknown ones', () => {
    expect(contactMessageInputSchema.safeParse({ name: 'Maria' }).success).toBe(false);
    expect(contactMessageInputSchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });
});

describe('header configuration', () => {
  it("falls back to the specification's eight links, plus the app store, and brand when nothing is stored", () => {
    const header = resolveHeader({});
    expect(header.navigation.map((link) => link.href)).toEqual([
      '/',
      '/sobre',
      '/funcionalidades',
      '/streaming',
      '/midia',
      '/apps/ativacao',
      '/apps',
      '/knowledgebase',
      '/contato',
    ]);
    expect(header.brand.text).toBe('Vitrine');
  });

  it('uses stored parts and ignores malformed ones', () => {
    const header = resolveHeader({ brand: { text: 'Minha Loja' }, navigation: [{ label: 'Sem href' }] });
    expect(header.brand.text).toBe('Minha Loja');
    expect(header.navigation).toEqual(defaultHeaderConfig.navigation);
  });
});

describe('legal and contact sections as the public read answers them', () => {
  it('keeps a well-formed legal document and leaves out one of another shape', () => {
    const privacy = { title: 'Política', updatedAt: '2026-11-28', body: '# Texto' };
    expect(wellFormedConfigEntries('legal', { privacy, terms: { title: 'Termos', body: 42 } })).toEqual({ privacy });
  });

  it('keeps well-formed channels and FAQ and leaves out a list with a bad item', () => {
    const faq = [{ question: 'Prazo?', answer: '24 horas.' }];
    const channels = [
      { type: 'email', label: 'E-mail', value: 'a@b.com' },
      { type: 'fax', label: 'Fax', value: '1' },
    ];
    expect(wellFormedConfigEntries('contact', { faq, channels, other: 1 })).toEqual({ faq, other: 1 });
  });
});
