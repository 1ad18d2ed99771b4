// Per-platform downloads: an admin attaches an uploaded installer or an https link to a platform; a
// code is spent only when the chosen platform has something to download; the signed link streams the
// stored file with its name, size and type, or redirects to the link; replaced files leave nothing.
import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicApp } from '@vitrine/domain/catalog';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { tempDir } from '../../../test/database.ts';
import { appFiles, apps, DEMO_SEED_AUTHOR, downloadCodes, uploads } from '../../db/schema.ts';
import { seedDemoAppFiles } from '../../db/seed-app-files.ts';
import { demoApps } from '../../db/seed-data.ts';
import { createDiskStorage } from '../../shared/storage/disk-storage.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { filesUnder, multipartBody, PNG } from '../uploads/uploads.test-support.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('app downloads per platform', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const createApp = async (values: Partial<typeof apps.$inferInsert> = {}) => {
    const [row] = await t.database.db
      .insert(apps)
      .values({ name: `App ${randomUUID().slice(0, 8)}`, version: '2.0.1', ...values })
      .returning({ id: apps.id, name: apps.name });
    return row!;
  };
  const code = async (appId: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/apps/${appId}/download-codes`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(201);
    return response.json<{ code: string }>().code;
  };
  const upload = async (data: Buffer | Uint8Array, name: string) => {
    const body = await multipartBody([{ data: Buffer.from(data), name }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/app-installers',
      headers: { ...body.headers, cookie: admin },
      payload: body.payload,
    });
    return response;
  };
  const attach = (appId: string, platform: string, payload: unknown, cookie: string | null = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/apps/${appId}/files/${platform}`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const redeem = (appId: string, payload: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/apps/${appId}/downloads`,
      payload,
      remoteAddress: `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    });
  const isUsed = async (value: string) => (await t.database.db.select().from(downloadCodes).where(eq(downloadCodes.code, value)))[0]!.isUsed;
  const zip = () => zipSync({ 'LEIA-ME.txt': strToU8(`instalador ${randomUUID()}`), 'dados.bin': new Uint8Array(4096).fill(3) });

  it('streams the installer of the chosen platform, byte for byte, with its name, size and type', async () => {
    const app = await createApp();
    const installer = zip();
    const uploaded = await upload(installer, 'meu-app-android.zip');
    expect(uploaded.statusCode).toBe(201);
    const attached = await attach(app.id, 'android', { uploadId: uploaded.json<{ id: string }>().id });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({ platform: 'android', name: 'Android', kind: 'file', fileName: 'meu-app-android.zip', sizeBytes: installer.length });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/apps' })).json<Array<{ id: string; platforms: Array<{ id: string; name: string }> }>>();
    expect(listed.find((candidate) => candidate.id === app.id)?.platforms.map((platform) => platform.name)).toEqual(['Android']);

    const value = await code(app.id);
    const redeemed = await redeem(app.id, { code: value, platform: 'android' });
    expect(redeemed.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: redeemed.json<{ downloadUrl: string }>().downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(installer));
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-length']).toBe(String(installer.length));
    expect(file.headers['content-disposition']).toBe('attachment; filename=meu-app-android.zip');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(await isUsed(value)).toBe(true);
  });

  it('does not spend a code on a platform, or an app, that has nothing to download', async () => {
    const app = await createApp();
    const value = await code(app.id);
    const nothing = await redeem(app.id, { code: value });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe('Este aplicativo ainda não tem arquivo para download nesta plataforma. Seu código continua válido.');
    expect(await isUsed(value)).toBe(false);
    // A wrong code is still just wrong (and counted as a failed guess), file or not.
    expect((await redeem(app.id, { code: 'ZZZZ99' })).statusCode).toBe(400);

    await attach(app.id, 'windows', { url: 'https://downloads.example.com/app-setup.exe' });
    const otherPlatform = await redeem(app.id, { code: value, platform: 'macos' });
    expect(otherPlatform.statusCode).toBe(409);
    expect(await isUsed(value)).toBe(false);

    const link = await redeem(app.id, { code: value, platform: 'windows' });
    expect(link.statusCode).toBe(200);
    const followed = await t.app.inject({ method: 'GET', url: link.json<{ downloadUrl: string }>().downloadUrl });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://downloads.example.com/app-setup.exe');
    expect(await isUsed(value)).toBe(true);
  });

  it('gives exactly one download to simultaneous redemptions of one code', async () => {
    const app = await createApp();
    const uploaded = await upload(zip(), 'corrida.zip');
    await attach(app.id, 'web', { uploadId: uploaded.json<{ id: string }>().id });
    const value = await code(app.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(app.id, { code: value, platform: 'web' })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(19);
  });

  it('replaces a platform’s installer and removes the old one; removing the platform removes its file', async () => {
    const app = await createApp();
    const first = (await upload(zip(), 'v1.zip')).json<{ id: string }>();
    const second = (await upload(zip(), 'v2.zip')).json<{ id: string }>();
    await attach(app.id, 'tv-box', { uploadId: first.id });
    expect((await attach(app.id, 'tv-box', { uploadId: second.id })).statusCode).toBe(200);
    const remaining = async () => (await t.database.db.select({ id: uploads.id }).from(uploads)).map((row) => row.id);
    expect(await remaining()).not.toContain(first.id);
    expect(filesUnder(t.env.DATA_DIR).some((name) => name.includes(first.id))).toBe(false);

    const listed = await t.app.inject({ method: 'GET', url: `/api/apps/${app.id}/files`, headers: { cookie: admin } });
    expect(listed.json()).toEqual([expect.objectContaining({ platform: 'tv-box', name: 'Android TV / TV Box', fileName: 'v2.zip' })]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}/files/tv-box`, headers: { cookie: admin } });
    expect(removed.statusCode).toBe(204);
    expect(await remaining()).not.toContain(second.id);
    expect(filesUnder(t.env.DATA_DIR).some((name) => name.includes(second.id))).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/apps/${app.id}/files/tv-box`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Nenhum arquivo cadastrado para esta plataforma.');
  });

  it('refuses what is not an installer, an unknown platform, a link that is not https, and a visitor', async () => {
    const app = await createApp();
    const image = await upload(PNG, 'foto.zip');
    expect(image.statusCode).toBe(415);

    const imageBody = await multipartBody([{ data: PNG, name: 'foto.png' }]);
    const mediaImage = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/app-media',
      headers: { ...imageBody.headers, cookie: admin },
      payload: imageBody.payload,
    });
    expect(mediaImage.statusCode).toBe(201);
    const notInstaller = await attach(app.id, 'android', { uploadId: mediaImage.json<{ id: string }>().id });
    expect(notInstaller.statusCode).toBe(400);
    expect(notInstaller.json().error.message).toBe('Arquivo não encontrado entre os instaladores enviados. Envie o arquivo novamente.');

    const unknown = await attach(app.id, 'playstation', { url: 'https://example.com/a.zip' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Plataforma desconhecida.');

    for (const url of ['http://example.com/a.zip', 'https://exa mple.com/a.zip', 'https://example.com/\ta.zip', 'javascript:alert(1)', '/downloads/a.zip']) {
      const refused = await attach(app.id, 'android', { url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.message, url).toContain('https://');
    }

    const visitor = await attach(app.id, 'android', { url: 'https://example.com/a.zip' }, null);
    expect(visitor.statusCode).toBe(401);
    const missingApp = await attach(randomUUID(), 'android', { url: 'https://example.com/a.zip' });
    expect(missingApp.statusCode).toBe(404);
  });
  it("says a demonstration package is one: the demo seed's installers are flagged, an admin's upload is not", async () => {
    // The seed gives its installers to the demo apps it wrote, found by their names.
    const demo = await createApp({ name: demoApps[0]!.name });
    const storage = await createDiskStorage({ root: path.join(tempDir(), 'uploads') });
    expect(await seedDemoAppFiles(t.database.db, storage)).toBe(true);
    const seeded = (
      await t.database.db.select({ upload: uploads }).from(appFiles).innerJoin(uploads, eq(uploads.id, appFiles.uploadId)).where(eq(appFiles.appId, demo.id))
    ).map((row) => row.upload);
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded.every((row) => row.createdBy === DEMO_SEED_AUTHOR)).toBe(true);

    const real = await createApp();
    const sent = await upload(zip(), 'instalador-real.zip');
    expect((await attach(real.id, 'windows', { uploadId: sent.json<{ id: string }>().id })).statusCode).toBe(200);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/apps' })).json<PublicApp[]>();
    const platformsOf = (id: string) => listed.find((app) => app.id === id)!.platforms;
    expect(platformsOf(demo.id).length).toBeGreaterThan(0);
    expect(platformsOf(demo.id).every((platform) => platform.isDemo)).toBe(true);
    expect(platformsOf(real.id)).toEqual([expect.objectContaining({ id: 'windows', isDemo: false })]);
    const files = await t.app.inject({ method: 'GET', url: `/api/apps/${demo.id}/files`, headers: { cookie: admin } });
    expect(files.json<{ isDemo: boolean }[]>().every((file) => file.isDemo)).toBe(true);
  });
});
