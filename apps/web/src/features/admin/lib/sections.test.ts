import { describe, expect, it } from 'vitest';
import { ADMIN_GROUPS, ADMIN_SECTIONS, ADMIN_VERSION, resolveSection } from './sections';

describe('admin sections', () => {
  it("has the specification's ids and labels in order, then the inbox and the conversations", () => {
    expect(ADMIN_SECTIONS.map((section) => [section.id, section.label])).toEqual([
      ['dashboard', 'Dashboard'],
      ['apps', 'Aplicativos'],
      ['plans', 'Planos'],
      ['reseller-plans', 'Planos de Revenda'],
      ['pricing-calculator', 'Calculadora de Preços'],
      ['streaming-apps', 'Apps de Streaming'],
      ['shortcuts', 'Atalhos'],
      ['suppliers', 'Fornecedores'],
      ['servers', 'Servidores'],
      ['new-recharge', 'Nova Recarga'],
      ['recharge-orders', 'Pedidos de Recarga'],
      ['webhooks', 'Webhooks'],
      ['models', 'Modelos'],
      ['tmdb', 'TMDB'],
      ['security', 'Segurança'],
      ['content', 'Conteúdo'],
      ['crud-tester', 'Testador CRUD'],
      ['contact-messages', 'Mensagens de Contato'],
      ['conversations', 'Conversas do Chat'],
    ]);
  });

  it('starts at the dashboard and falls back to it for a missing or unknown id', () => {
    expect(resolveSection(undefined).id).toBe('dashboard');
    expect(resolveSection('').id).toBe('dashboard');
    expect(resolveSection('nao-existe').id).toBe('dashboard');
    expect(resolveSection('Webhooks').id).toBe('dashboard');
    // Names inherited by every object are no section either.
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(resolveSection(inherited).id).toBe('dashboard');
  });

  it('finds every section by its own id', () => {
    for (const section of ADMIN_SECTIONS) expect(resolveSection(section.id)).toBe(section);
    expect(resolveSection('webhooks').label).toBe('Webhooks');
  });

  it('gives every section a URL-safe id, an icon, a known group and a sentence of what it manages', () => {
    expect(new Set(ADMIN_SECTIONS.map((section) => section.id)).size).toBe(ADMIN_SECTIONS.length);
    for (const section of ADMIN_SECTIONS) {
      expect(section.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(section.icon).toBeTruthy();
      expect(ADMIN_GROUPS).toContain(section.group);
      expect(section.description.length).toBeGreaterThan(10);
    }
    // No group is left empty in the sidebar.
    for (const group of ADMIN_GROUPS) expect(ADMIN_SECTIONS.some((section) => section.group === group)).toBe(true);
  });

  it('shows the panel version', () => {
    expect(ADMIN_VERSION).toBe('v2.1.0');
  });
});
