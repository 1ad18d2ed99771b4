import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedTestApp } from '../../../test/logs.ts';
import { apps } from '../../db/schema.ts';
import { createDownloadLinkSigner } from './catalog.download-links.ts';

type LoggedApp = Awaited<ReturnType<typeof buildLoggedTestApp>>;

describe('following a signed download link to the address stored for the app', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await buildLoggedTestApp();
  });
  afterAll(() => t.close());

  // Rows written before the rule existed (or straight into the database) may hold anything.
  const followLinkOfAppStoredWith = async (downloadUrl: string) => {
    const [app] = await t.database.db.insert(apps).values({ name: 'App Hostil', downloadUrl }).returning({ id: apps.id });
    const link = createDownloadLinkSigner(t.env.AUTH_SECRET).create(app!.id);
    return t.app.inject({ method: 'GET', url: link.url });
  };

  it.each([
    ['a tab, which browsers strip into //evil.example', '/\t/evil.example/app.apk'],
    ['a newline', '/\n/evil.example/app.apk'],
    ['a carriage return', '/\r/evil.example/app.apk'],
    ['a backslash', '/\\evil.example/app.apk'],
    ['a protocol-relative address', '//evil.example/app.apk'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['plain http', 'http://evil.example/app.apk'],
  ])('with %s is not redirected to', async (_reason, downloadUrl) => {
    const response = await followLinkOfAppStoredWith(downloadUrl);
    // Nothing to download: a Portuguese 409, never a redirect.
    expect(response.statusCode).toBe(409);
    expect(response.headers.location).toBeUndefined();
    expect(response.json().error.code).toBe('catalog.no_download_file');
    expect(t.logs.withMessage('link de download do aplicativo recusado: corrija-o no painel').length).toBeGreaterThan(0);
    expect(t.logs.errors()).toEqual([]);
  });

  it.each([
    ['an absolute https address', 'https://downloads.example.com/player.apk', 'https://downloads.example.com/player.apk'],
    ['a path of our own site', '/downloads/player.apk', '/downloads/player.apk'],
  ])('with %s is redirected to', async (_reason, downloadUrl, location) => {
    const response = await followLinkOfAppStoredWith(downloadUrl);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });
});
