// The demo titles of the local catalogue: enough of each kind to fill /midia, valid by the shared
// contract, with artwork files that exist.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTitleSchema, MEDIA_ROWS } from '@vitrine/domain/media';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { mediaTitles, siteConfigurations } from '../../db/schema.ts';
import { demoMediaTitles } from '../../db/seed-media-data.ts';
import { seedDemoData, seedDemoMedia } from '../../db/seed.ts';

const publicDir = fileURLToPath(new URL('../../../../web/public', import.meta.url));

describe('demo titles of the local catalogue', () => {
  it('are at least 24, half movies and half series, valid by the write contract', () => {
    expect(demoMediaTitles.length).toBeGreaterThanOrEqual(24);
    const movies = demoMediaTitles.filter((title) => title.mediaType === 'movie');
    expect(movies.length * 2).toBe(demoMediaTitles.length);
    for (const title of demoMediaTitles) expect(localTitleSchema.safeParse(title).error, title.title).toBeUndefined();
  });

  it('spread over genres and years, some rated under 7', () => {
    expect(new Set(demoMediaTitles.flatMap((title) => title.genreIds ?? [])).size).toBeGreaterThanOrEqual(12);
    expect(new Set(demoMediaTitles.map((title) => title.date?.slice(0, 4))).size).toBeGreaterThanOrEqual(12);
    expect(demoMediaTitles.filter((title) => title.voteCount && (title.voteAverage ?? 0) < 7).length).toBeGreaterThanOrEqual(4);
  });

  it('fill every row of both /midia tabs', () => {
    for (const [mediaType, rows] of Object.entries(MEDIA_ROWS)) {
      for (const { list, label } of rows) {
        const inRow = demoMediaTitles.filter((title) => title.mediaType === mediaType && title.lists?.includes(list));
        expect(inRow.length, `${mediaType} ${label}`).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it('have a distinct poster and backdrops that exist as files we serve', () => {
    const urls = demoMediaTitles.flatMap((title) => [title.posterUrl!, ...(title.backdrops ?? [])]);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const file = `${publicDir}${url}`;
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });
});

describe('seeding the local catalogue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('a fresh install gets every demo title once, however often it starts', async () => {
    await seedDemoData(database.db);
    await seedDemoData(database.db);
    expect(await database.db.$count(mediaTitles)).toBe(demoMediaTitles.length);
  });

  it('an install seeded before the catalogue existed gets it on its next start, once', async () => {
    await database.db.delete(mediaTitles).where(sql`true`);
    await database.db.delete(siteConfigurations).where(and(eq(siteConfigurations.section, 'system'), eq(siteConfigurations.configKey, 'demo_media_seeded_at')));
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await database.db.$count(mediaTitles)).toBe(demoMediaTitles.length);
    expect(await seedDemoMedia(database.db)).toBe(false);
    expect(await database.db.$count(mediaTitles)).toBe(demoMediaTitles.length);
  });

  it('an admin who deleted the demo titles does not see them come back', async () => {
    await database.db.delete(mediaTitles).where(sql`true`);
    await seedDemoData(database.db);
    expect(await database.db.$count(mediaTitles)).toBe(0);
  });
});
