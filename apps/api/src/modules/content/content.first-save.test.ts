// First saves that race: two admins (or two tabs) saving an entry that does not exist yet create it
// once and each gets an answer. An entry by section and key and a setting name the version they start
// from ("none yet"): the first is written and the others are told another admin's came first (409),
// never a 500 and never an overwrite; the standard costs, not versioned, are upserts (the later wins).
// On PostgreSQL the saves run at the same time; a plain insert there made the later one fail on the
// unique (section, key) index: a 500.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { siteConfigurations } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('concurrent first saves', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const stored = (section: string, key: string) =>
    t.database.db
      .select()
      .from(siteConfigurations)
      .where(and(eq(siteConfigurations.section, section), eq(siteConfigurations.configKey, key)));

  it('a site configuration entry saved four times at once is created once: one 200, three 409 with it', async () => {
    const section = 'textos_loja';
    const saves = await Promise.all(
      ['primeiro', 'segundo', 'terceiro', 'quarto'].map((value) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/admin/site-config/${section}/boas_vindas`,
          headers: { cookie: admin },
          payload: { value, expectedUpdatedAt: null },
        }),
      ),
    );
    expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await stored(section, 'boas_vindas');
    expect(rows).toHaveLength(1);
    expect(saves.find((save) => save.statusCode === 200)!.json().configValue).toBe(rows[0]!.configValue);
  });

  it('the standard costs saved twice at once are created once, both answered 200', async () => {
    await t.database.db.delete(siteConfigurations).where(and(eq(siteConfigurations.section, 'pricing'), eq(siteConfigurations.configKey, 'standard_costs')));
    const costs = [
      { creditCost: 4, supplierCost: 5, providerCost: 12 },
      { creditCost: 6, supplierCost: 7, providerCost: 14 },
    ];
    const saves = await Promise.all(
      costs.map((payload) => t.app.inject({ method: 'PUT', url: '/api/admin/pricing/standard-costs', headers: { cookie: admin }, payload })),
    );
    expect(
      saves.map((save) => save.statusCode),
      saves.map((save) => save.body).join('\n'),
    ).toEqual([200, 200]);
    const rows = await stored('pricing', 'standard_costs');
    expect(rows).toHaveLength(1);
    expect(costs).toContainEqual(rows[0]!.configValue);
  });

  it('a setting saved twice at once is created once: one 200, one 409', async () => {
    const saves = await Promise.all(
      ['loja@exemplo.com.br', 'vendas@exemplo.com.br'].map((value) =>
        t.app.inject({ method: 'PUT', url: '/api/settings/contact_email', headers: { cookie: admin }, payload: { value, expectedUpdatedAt: null } }),
      ),
    );
    expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 409]);
    const rows = await stored('settings', 'contact_email');
    expect(rows).toHaveLength(1);
    expect(saves.find((save) => save.statusCode === 200)!.json().value).toBe(rows[0]!.configValue);
  });
});
