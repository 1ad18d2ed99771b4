// Writes to the local catalogue (for the admin's tmdb section): admins only, validated by the shared
// contract, nothing half written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaDetails, MediaPage } from '@vitrine/domain/media';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mediaTitles } from '../../db/schema.ts';
import { adminEnv, signInAsAdmin } from '../access/access.test-support.ts';
import { SEARCHES_PER_MINUTE } from './media.routes.ts';

describe('writing the local catalogue', () => {
  let t: TestApp;
  let admin: string;

  /** As the signed-in admin, or as a visitor when `as` is 'visitor'. */
  const write = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as: 'admin' | 'visitor' = 'admin') =>
    t.app.inject({ method, url, payload: payload as object, headers: as === 'admin' ? { cookie: admin } : {} });

  beforeAll(async () => {
    t = await buildTestApp({ env: adminEnv });
    admin = await signInAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const newSeries = {
    mediaType: 'tv',
    title: 'Série do Admin',
    overview: 'Criada pelo painel.',
    date: '2025-04-01',
    genreIds: [18, 10765],
    voteAverage: 7.5,
    lists: ['trending', 'on_the_air'],
    trendingRank: 1,
    numberOfSeasons: 1,
    numberOfEpisodes: 6,
    posterUrl: '/demo/media/titles/serie-do-admin-poster.svg',
  };

  it('an admin creates a series that visitors then find, search and open', async () => {
    const created = await write('POST', '/api/media/local-titles', newSeries);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    const row = await t.app.inject({ method: 'GET', url: '/api/media/lists/tv/on_the_air' });
    expect(row.json<MediaPage>().results.map((item) => item.id)).toContain(id);
    const found = await t.app.inject({ method: 'GET', url: '/api/media/search?query=serie%20do%20admin' });
    expect(found.json<MediaPage>().results.map((item) => item.id)).toEqual([id]);
    const details = await t.app.inject({ method: 'GET', url: `/api/media/titles/tv/${id}` });
    expect(details.json<MediaDetails>().genres).toEqual([
      { id: 18, name: 'Drama' },
      { id: 10765, name: 'Ficção científica e Fantasia' },
    ]);
  });

  it('a visitor cannot create, change or delete a title', async () => {
    const [row] = await t.database.db.select().from(mediaTitles).limit(1);
    expect((await write('POST', '/api/media/local-titles', newSeries, 'visitor')).statusCode).toBe(401);
    expect((await write('PATCH', `/api/media/local-titles/${row!.id}`, { title: 'Pichado' }, 'visitor')).statusCode).toBe(401);
    expect((await write('DELETE', `/api/media/local-titles/${row!.id}`, undefined, 'visitor')).statusCode).toBe(401);
    const [after] = await t.database.db.select().from(mediaTitles).where(eq(mediaTitles.id, row!.id));
    expect(after?.title).toBe(row!.title);
  });

  it('refuses a movie with seasons, with a Portuguese message, and stores nothing', async () => {
    const before = await t.database.db.$count(mediaTitles);
    const response = await write('POST', '/api/media/local-titles', { mediaType: 'movie', title: 'Filme Errado', numberOfSeasons: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_error' });
    expect(response.json().error.message).toContain('Filmes não têm temporadas nem episódios.');
    expect(await t.database.db.$count(mediaTitles)).toBe(before);
  });

  it('refuses fields that are not part of a title (no mass assignment)', async () => {
    const response = await write('POST', '/api/media/local-titles', { ...newSeries, id: '00000000-0000-4000-8000-000000000000', searchText: 'x' });
    expect(response.statusCode).toBe(400);
  });

  it('a change is checked against the whole title: a series cannot get a runtime', async () => {
    const { id, updatedAt } = (await write('POST', '/api/media/local-titles', { ...newSeries, title: 'Outra Série' })).json<{
      id: string;
      updatedAt: string;
    }>();
    const refused = await write('PATCH', `/api/media/local-titles/${id}`, { runtime: 45, expectedUpdatedAt: updatedAt });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Para séries, informe temporadas e episódios em vez da duração.');
    const renamed = await write('PATCH', `/api/media/local-titles/${id}`, { title: 'Série Renomeada', isActive: false, expectedUpdatedAt: updatedAt });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: 'Série Renomeada', isActive: false, mediaType: 'tv' });
    const [row] = await t.database.db.select().from(mediaTitles).where(eq(mediaTitles.id, id));
    expect(row).toMatchObject({ title: 'Série Renomeada', searchText: 'serie renomeada', isActive: false, numberOfSeasons: 1 });
    const hidden = await t.app.inject({ method: 'GET', url: `/api/media/titles/tv/${id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it('a change names the version it started from: without it nothing is written (428), and from an older one the title as it is now comes back (409)', async () => {
    const created = await write('POST', '/api/media/local-titles', { mediaType: 'movie', title: 'Filme Disputado' });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<{ id: string; updatedAt: string; title: string }>();
    expect(first.title).toBe('Filme Disputado');

    const unnamed = await write('PATCH', `/api/media/local-titles/${first.id}`, { title: 'Sem Versão' });
    expect(unnamed.statusCode).toBe(428);
    expect(unnamed.json().error.code).toBe('admin.version_required');

    const saved = await write('PATCH', `/api/media/local-titles/${first.id}`, { title: 'Primeira Edição', expectedUpdatedAt: first.updatedAt });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = saved.json<{ updatedAt: string }>();
    expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));

    const stale = await write('PATCH', `/api/media/local-titles/${first.id}`, { title: 'Edição Atrasada', expectedUpdatedAt: first.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'admin.local-titles.stale',
      details: { current: { id: first.id, title: 'Primeira Edição', updatedAt: second.updatedAt } },
    });
    const [row] = await t.database.db.select().from(mediaTitles).where(eq(mediaTitles.id, first.id));
    expect(row?.title).toBe('Primeira Edição');
  });

  it('deleting removes the title; deleting it again is a 404', async () => {
    const { id } = (await write('POST', '/api/media/local-titles', { mediaType: 'movie', title: 'Filme Descartável' })).json<{ id: string }>();
    expect((await write('DELETE', `/api/media/local-titles/${id}`)).statusCode).toBe(204);
    const again = await write('DELETE', `/api/media/local-titles/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('media.local_title_not_found');
  });
});

describe('searching without limits', () => {
  it(`a visitor searching more than ${SEARCHES_PER_MINUTE} times a minute is asked to wait`, async () => {
    const t = await buildTestApp();
    try {
      const search = (n: number) => t.app.inject({ method: 'GET', url: `/api/media/search?query=busca${n}`, remoteAddress: '203.0.113.9' });
      for (let n = 0; n < SEARCHES_PER_MINUTE; n += 1) expect((await search(n)).statusCode).toBe(200);
      const refused = await search(SEARCHES_PER_MINUTE);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      const other = await t.app.inject({ method: 'GET', url: '/api/media/search?query=outra', remoteAddress: '203.0.113.10' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
