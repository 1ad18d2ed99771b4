// The dashboard's first-run checklist ('Primeiros passos'): each step is done once its setting is in
// force (the admin's or the environment's), SMTP and PUBLIC_URL from the environment, and a second active admin.
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupChecklist } from '@vitrine/domain/admin';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { entryVersion } from '../../../test/edit-version.ts';
import { adminEnv, listPro, signInAsAdmin } from '../access/access.test-support.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const checklist = async (app: TestApp, cookie: string) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/admin/setup-checklist', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json() as SetupChecklist).steps.map((step) => [step.id, step.done]));
};

describe('first-run checklist', { timeout: 120_000 }, () => {
  it('a new shop has every step to do; each is done once set', async () => {
    t = await buildTestApp({ env: adminEnv });
    const admin = await signInAsAdmin(t.app);
    expect(await checklist(t, admin)).toEqual({ pix_key: false, contact_email: false, smtp: false, public_url: true, tmdb: false, second_admin: false });

    const put = async (key: string, value: string) =>
      t!.app.inject({
        method: 'PUT',
        url: `/api/settings/${key}`,
        headers: { cookie: admin },
        payload: { value, expectedUpdatedAt: await entryVersion(t!.database.db, 'settings', key) },
      });
    expect((await put('pix_key', 'recebimentos@minhaloja.com.br')).statusCode).toBe(200);
    expect((await put('contact_email', 'contato@minhaloja.com.br')).statusCode).toBe(200);
    expect((await put('tmdb_api_key', 'chave-da-tmdb-123456')).statusCode).toBe(200);
    await listPro(t.database.db, 'segunda.admin@minhaloja.com.br');
    expect(await checklist(t, admin)).toEqual({ pix_key: true, contact_email: true, smtp: false, public_url: true, tmdb: true, second_admin: true });

    // An inactive PRO user is not a second admin.
    await listPro(t.database.db, 'segunda.admin@minhaloja.com.br', false);
    expect((await checklist(t, admin)).second_admin).toBe(false);
  });

  it('reads the environment: PIX_KEY, CONTACT_EMAIL, SMTP_URL and TMDB_API_KEY count as done', async () => {
    t = await buildTestApp({
      env: {
        ...adminEnv,
        PIX_KEY: '+5511987654321',
        CONTACT_EMAIL: 'contato@minhaloja.com.br',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        TMDB_API_KEY: 'chave-da-tmdb-123456',
      },
    });
    const admin = await signInAsAdmin(t.app);
    expect(await checklist(t, admin)).toEqual({ pix_key: true, contact_email: true, smtp: true, public_url: true, tmdb: true, second_admin: false });
  });

  it('lists PUBLIC_URL while it is unset on a server others reach (production, or a HOST that is not loopback), as the start-up log warns', async () => {
    for (const env of [
      { NODE_ENV: 'production', HOST: '127.0.0.1' },
      { NODE_ENV: 'development', HOST: '0.0.0.0' },
    ]) {
      t = await buildTestApp({ env: { ...adminEnv, ...env, PUBLIC_URL: '' } });
      const admin = await signInAsAdmin(t.app);
      expect((await checklist(t, admin)).public_url, JSON.stringify(env)).toBe(false);
      await t.close();
      t = undefined;
    }
    // A developer's server on loopback only: the links open where they were made.
    t = await buildTestApp({ env: { ...adminEnv, NODE_ENV: 'development', HOST: '127.0.0.1', PUBLIC_URL: '' } });
    expect((await checklist(t, await signInAsAdmin(t.app))).public_url).toBe(true);
  });

  it('is for admins only', async () => {
    t = await buildTestApp({ env: adminEnv });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/setup-checklist' });
    expect(response.statusCode).toBe(401);
  });
});
