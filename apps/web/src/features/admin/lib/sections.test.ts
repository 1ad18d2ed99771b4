import { describe, expect, it } from 'vitest';
import { ADMIN_GROUPS, ADMIN_SECTIONS, resolveSection } from './sections';

describe('admin sections', () => {
  it("has the specification's ids in order, then the inbox, the conversations, the payments, A entregar and Clientes", () => {
    expect(ADMIN_SECTIONS.map((section) => section.id)).toEqual([
      'dashboard',
      'apps',
      'plans',
      'reseller-plans',
      'pricing-calculator',
      'streaming-apps',
      'shortcuts',
      'suppliers',
      'servers',
      'new-recharge',
      'recharge-orders',
      'webhooks',
      'models',
      'tmdb',
      'security',
      'content',
      'crud-tester',
      'contact-messages',
      'conversations',
      'payments',
      'deliveries',
      'customers',
    ]);
  });

  it('starts at the dashboard and falls back to it for an unknown id', () => {
    expect(resolveSection(undefined).id).toBe('dashboard');
    expect(resolveSection('nao-existe').id).toBe('dashboard');
    expect(resolveSection('__proto__').id).toBe('dashboard');
    expect(resolveSection('webhooks').label).toBe('Webhooks');
  });

  it('puts every section in a known group', () => {
    for (const section of ADMIN_SECTIONS) expect(ADMIN_GROUPS).toContain(section.group);
  });
});
