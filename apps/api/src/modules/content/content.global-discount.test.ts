// The global discount of Tabelas de Preço is kept on the server (site configuration 'pricing' /
// 'global_discount'), so it survives a reload and is the same for every admin: 0 to 100, step 0,1.
// (Two admins saving it at once: admin.concurrency.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('the global discount', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const save = async (value: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/site-config/pricing/global_discount',
      headers: { cookie: admin },
      payload: { value, expectedUpdatedAt: await entryVersion(t.database.db, 'pricing', 'global_discount') },
    });

  it('is saved and read back by another session', async () => {
    expect((await save(7.5)).statusCode).toBe(200);
    const other = await signInAsAdmin(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/site-config?search=global_discount', headers: { cookie: other } });
    expect(list.statusCode).toBe(200);
    const entry = list
      .json<{ items: { section: string; configKey: string; configValue: unknown }[] }>()
      .items.find((item) => item.section === 'pricing' && item.configKey === 'global_discount');
    expect(entry?.configValue).toBe(7.5);
  });

  it.each([
    [150, 'O desconto deve estar entre 0 e 100%'],
    [-1, 'O desconto deve estar entre 0 e 100%'],
    [7.55, 'O desconto deve variar de 0,1 em 0,1'],
    ['sete', 'Informe o desconto'],
  ])('refuses %s with a Portuguese 400', async (value, message) => {
    const response = await save(value);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
  });
});
