import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { fixtures, unique } from '../../../test/fixtures.ts';
import { apps, downloadCodes } from '../../db/schema.ts';
import { demoInstaller } from '../../db/seed-app-files.ts';
import { createStorageFromEnv } from '../../shared/storage/storage-from-env.ts';
import { createDownloadLinkSigner } from './catalog.download-links.ts';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository.ts';
import { DOWNLOAD_FAILURES_MAX } from './catalog.routes.ts';
import { generateDownloadCode, redeemDownloadCode } from './catalog.usecases.ts';

const setupInstaller = demoInstaller('Setup de Teste', '1.0.0', 'tv-box');

let ip = 0;
/** Each test redeems from its own address, so the failed-attempt limit of one does not leak into another. */
const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

describe('download codes', () => {
  let t: TestApp;
  let repository: CatalogRepository;
  let playerId: string;
  let setupId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const make = fixtures(t.database.db);
    // Two apps of its own: one whose download is an external link, one with a stored installer.
    playerId = (await make.app({ name: unique('Player'), downloadUrl: 'https://downloads.example.com/player.zip' })).id;
    setupId = (await make.app({ name: unique('Setup') })).id;
    const storage = await createStorageFromEnv(t.env);
    await make.installer(storage, { appId: setupId, platform: 'tv-box', bytes: setupInstaller, name: 'setup-tv-box.zip' });
    await storage.close();
    repository = createCatalogRepository(t.database.db);
  });
  afterAll(() => t.close());

  const newCode = async (appId = playerId) => (await generateDownloadCode({ repository }, appId)).code;
  const redeem = (appId: string, body: unknown, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: `/api/apps/${appId}/downloads`, payload: body as object, remoteAddress });

  it('a new code is 6 characters of A-Z0-9, unused, valid for 30 days', async () => {
    const before = Date.now();
    const code = await generateDownloadCode({ repository }, playerId);
    expect(code.code).toMatch(/^[A-Z0-9]{6}$/);
    expect(code.isUsed).toBe(false);
    expect(code.usedAt).toBeNull();
    const days = (new Date(code.expiresAt).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
  });

  it('a code that is already taken is drawn again', async () => {
    const taken = await newCode();
    const draws = [...taken, ...'ZZZZZ9'];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const random = () => alphabet.indexOf(draws.shift()!);
    const code = await generateDownloadCode({ repository, random }, playerId);
    expect(code.code).toBe('ZZZZZ9');
  });

  it('a valid code returns a short-lived signed link, and the code becomes used', async () => {
    const code = await newCode();
    const response = await redeem(playerId, { code });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ downloadUrl: string; expiresAt: string }>();
    expect(body.downloadUrl).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]+$/);
    expect(body.downloadUrl).not.toContain(code);
    const minutes = (new Date(body.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const [row] = await t.database.db.select().from(downloadCodes).where(eq(downloadCodes.code, code));
    expect(row).toMatchObject({ isUsed: true });
    expect(row!.usedAt).toBeInstanceOf(Date);
  });

  it('a used download code cannot be redeemed again ("Código inválido")', async () => {
    const code = await newCode();
    expect((await redeem(playerId, { code })).statusCode).toBe(200);
    const again = await redeem(playerId, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'catalog.invalid_download_code', message: 'O código informado não é válido ou já foi usado.' },
    });
  });

  it('an expired code is refused', async () => {
    const row = await repository.insertDownloadCode({ code: 'EXP1RD', appId: playerId, expiresAt: new Date(Date.now() - 1000) });
    expect(row).toBeDefined();
    const response = await redeem(playerId, { code: 'EXP1RD' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('catalog.invalid_download_code');
  });

  it('a code is read trimmed and case-insensitively', async () => {
    const code = await newCode();
    const response = await redeem(playerId, { code: `  ${code.toLowerCase()}  ` });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a code only opens the app it was made for', async () => {
    const code = await newCode(setupId);
    expect((await redeem(playerId, { code })).statusCode).toBe(400);
    expect((await redeem(setupId, { code })).statusCode).toBe(200);
  });

  it('a code of an app that was switched off is refused', async () => {
    const code = await newCode(setupId);
    await t.database.db.update(apps).set({ isActive: false }).where(eq(apps.id, setupId));
    try {
      expect((await redeem(setupId, { code })).json().error.code).toBe('catalog.invalid_download_code');
    } finally {
      await t.database.db.update(apps).set({ isActive: true }).where(eq(apps.id, setupId));
    }
  });

  it.each([[{ code: '' }], [{ code: '   ' }], [{}]])('an empty code asks for one: %j', async (body) => {
    const response = await redeem(playerId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'catalog.download_code_required', message: 'Este download requer um código de acesso.' },
    });
  });

  it.each([['ABC'], ['ABCDEFG'], ['AB-123'], ['çççççç']])('a malformed code %j reads "Código inválido"', async (code) => {
    const response = await redeem(playerId, { code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('catalog.invalid_download_code');
  });

  it('bad input is a 400, never a 500', async () => {
    expect((await redeem(playerId, { code: 'ABC123', extra: true })).statusCode).toBe(400);
    expect((await redeem(playerId, { code: 123456 })).statusCode).toBe(400);
    expect((await redeem(playerId, { code: 'A'.repeat(100) })).statusCode).toBe(400);
    expect((await redeem('not-a-uuid', { code: 'ABC123' })).statusCode).toBe(400);
    expect((await redeem('00000000-0000-4000-8000-000000000000', { code: 'ABC123' })).statusCode).toBe(400);
  });

  it('the signed link streams the app’s installer: the first platform when none is chosen', async () => {
    const code = await newCode(setupId);
    const { downloadUrl } = (await redeem(setupId, { code })).json<{ downloadUrl: string }>();
    const file = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename=setup-tv-box.zip');
    expect(file.headers['content-type']).toBe('application/zip');
    expect(Buffer.compare(file.rawPayload, Buffer.from(setupInstaller))).toBe(0);
    // A dropped download does not burn the code: the link works again until it expires.
    expect((await t.app.inject({ method: 'GET', url: downloadUrl })).statusCode).toBe(200);
  });

  it('the signed link redirects to the download address of an app that has no file of its own', async () => {
    const [linked] = await t.database.db
      .insert(apps)
      .values({ name: 'App Só Com Link', downloadUrl: 'https://downloads.example.com/player.apk' })
      .returning({ id: apps.id });
    const code = await newCode(linked!.id);
    const { downloadUrl } = (await redeem(linked!.id, { code })).json<{ downloadUrl: string }>();
    const response = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://downloads.example.com/player.apk');
  });

  it('a tampered or expired link is refused', async () => {
    const code = await newCode();
    const { downloadUrl } = (await redeem(playerId, { code })).json<{ downloadUrl: string }>();
    const last = downloadUrl.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await t.app.inject({ method: 'GET', url: downloadUrl.slice(0, -1) + last });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('catalog.invalid_download_link');

    // The same token re-signed for another app by someone without the key.
    const bytes = Buffer.from(downloadUrl.replace('/api/downloads/', ''), 'base64url');
    Buffer.from(setupId.replaceAll('-', ''), 'hex').copy(bytes, 0);
    expect((await t.app.inject({ method: 'GET', url: `/api/downloads/${bytes.toString('base64url')}` })).statusCode).toBe(400);

    const signer = createDownloadLinkSigner(t.env.AUTH_SECRET);
    const stale = signer.create(playerId, new Date(Date.now() - 11 * 60_000));
    const expired = await t.app.inject({ method: 'GET', url: stale.url });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('catalog.invalid_download_link');

    expect((await t.app.inject({ method: 'GET', url: '/api/downloads/garbage' })).statusCode).toBe(400);
  });

  it('anonymous visitors cannot generate or list codes (401)', async () => {
    const generate = await t.app.inject({ method: 'POST', url: `/api/apps/${playerId}/download-codes` });
    expect(generate.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: `/api/apps/${playerId}/download-codes` });
    expect(list.statusCode).toBe(401);
  });

  it('failed attempts are limited per visitor, successful ones do not count', async () => {
    const visitor = nextIp();
    for (let i = 0; i < DOWNLOAD_FAILURES_MAX; i++) {
      expect((await redeem(playerId, { code: 'NOPE00' }, visitor)).statusCode).toBe(400);
    }
    const blocked = await redeem(playerId, { code: await newCode() }, visitor);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(/Muitas tentativas/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Another visitor is not affected, and its successes never add up to a block.
    const other = nextIp();
    for (let i = 0; i < DOWNLOAD_FAILURES_MAX + 2; i++) {
      expect((await redeem(playerId, { code: await newCode() }, other)).statusCode).toBe(200);
    }
  });

  it('of 50 simultaneous redemptions of one code through the API, exactly one succeeds', async () => {
    const code = await newCode();
    const responses = await Promise.all(Array.from({ length: 50 }, () => redeem(playerId, { code })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(49);
  });

  it('of 50 simultaneous redemptions of one code through the use case, exactly one succeeds', async () => {
    const code = await newCode();
    const signer = createDownloadLinkSigner(undefined);
    const results = await Promise.all(Array.from({ length: 50 }, () => redeemDownloadCode({ repository, signer }, playerId, code)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('of 50 simultaneous conditional updates in the repository, exactly one matches', async () => {
    const code = await newCode();
    const rows = await Promise.all(Array.from({ length: 50 }, () => repository.redeemDownloadCode(code, playerId)));
    expect(rows.filter(Boolean)).toHaveLength(1);
  });
});
