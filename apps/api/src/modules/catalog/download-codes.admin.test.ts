import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadCode } from '@vitrine/domain/catalog';
import type { ListEnvelope } from '@vitrine/domain/lists';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { apps } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';

describe('download codes in the admin', () => {
  let t: TestApp;
  let cookie: string;
  let appId: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    cookie = await signInAsAdmin(t.app);
    // An app of its own, whose download is an external link.
    const [row] = await t.database.db
      .insert(apps)
      .values({ name: 'App dos Códigos', downloadUrl: 'https://downloads.example.com/app-dos-codigos.zip' })
      .returning({ id: apps.id });
    appId = row!.id;
  });
  afterAll(() => t.close());

  const generate = (id = appId) => t.app.inject({ method: 'POST', url: `/api/apps/${id}/download-codes`, headers: { cookie } });

  it('an admin generates codes and lists them newest first; a visitor redeems one', async () => {
    const first = await generate();
    expect(first.statusCode, first.body).toBe(201);
    const second = await generate();
    const codes = [first.json<DownloadCode>(), second.json<DownloadCode>()];
    expect(codes[0]!.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(codes[0]!.code).not.toBe(codes[1]!.code);

    const list = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}/download-codes`, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<ListEnvelope<DownloadCode>>()).toEqual({
      items: [expect.objectContaining({ id: codes[1]!.id }), expect.objectContaining({ id: codes[0]!.id })],
      total: 2,
      page: 1,
      pageSize: 20,
    });
    const secondPage = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}/download-codes?page=2&pageSize=1`, headers: { cookie } });
    expect(secondPage.json<ListEnvelope<DownloadCode>>()).toMatchObject({ items: [{ id: codes[0]!.id }], total: 2, page: 2, pageSize: 1 });

    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/apps/${appId}/downloads`,
      payload: { code: codes[0]!.code },
    });
    expect(redeemed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}/download-codes`, headers: { cookie } });
    expect(after.json<ListEnvelope<DownloadCode>>().items.find((code) => code.id === codes[0]!.id)).toMatchObject({ isUsed: true });
  });

  it('a code for an unknown app is refused with 404', async () => {
    const response = await generate('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('catalog.app_not_found');
  });
});
