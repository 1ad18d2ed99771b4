import { foldText } from '@vitrine/domain/catalog';
import { toListEnvelope } from '@vitrine/domain/lists';
import {
  localTitleProblems,
  pickHomeHighlights,
  type LocalTitleInput,
  type LocalTitlePatch,
  type MediaDiscoverQuery,
  type MediaHome,
  type MediaList,
  type MediaListQuery,
  type MediaSearchQuery,
  type MediaType,
} from '@vitrine/domain/media';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AdminActor } from '../../shared/audit/audit.ts';
import { isVersion, nextVersion, staleEdit, versionRequired } from '../../shared/edit-version.ts';
import { invalidLocalTitle, localTitleNotFound } from './media.errors.ts';
import { localTitleValues, rowAsInput } from './media.local-provider.ts';
import type { MediaProvider } from './media.provider.ts';
import { createMediaRepository, type MediaRepository, type MediaTitleRow } from './media.repository.ts';
import type { ApiKeySource, TmdbClient } from './media.tmdb-client.ts';

export interface CatalogueDeps {
  /** TMDB when a key is configured, otherwise the local catalogue. */
  provider: () => Promise<MediaProvider>;
}

export function createProviderSelector({ resolveApiKey, tmdb, local }: { resolveApiKey: ApiKeySource; tmdb: MediaProvider; local: MediaProvider }) {
  return async (): Promise<MediaProvider> => ((await resolveApiKey())?.trim() ? tmdb : local);
}

export const listTitles = async ({ provider }: CatalogueDeps, mediaType: MediaType, list: MediaList, query: MediaListQuery) =>
  (await provider()).list(mediaType, list, query);

export const discoverTitles = async ({ provider }: CatalogueDeps, mediaType: MediaType, query: MediaDiscoverQuery) =>
  (await provider()).discover(mediaType, query);

export const searchTitles = async ({ provider }: CatalogueDeps, query: MediaSearchQuery) => (await provider()).search(query);

export async function listGenres({ provider }: CatalogueDeps, mediaType: MediaType) {
  const source = await provider();
  return { source: source.source, genres: await source.genres(mediaType) };
}

export const titleDetails = async ({ provider }: CatalogueDeps, mediaType: MediaType, id: string) => (await provider()).details(mediaType, id);

/** The home page's premium entertainment section, picked on the server by the shared rule. */
export async function homeHighlights({ provider }: CatalogueDeps): Promise<MediaHome> {
  const source = await provider();
  const [movies, series] = await Promise.all([source.trending('movie', 'week', 1), source.trending('tv', 'week', 1)]);
  return { source: source.source, items: pickHomeHighlights(movies.results, series.results) };
}

// ---------------------------------------------------------------- local catalogue writes (admin)

// Each write and its audit row commit together; a write answers the title as the admin lists it.

export async function createLocalTitle({ db }: { db: Database }, actor: AdminActor, input: LocalTitleInput) {
  return db.transaction(async (tx) => {
    const problems = localTitleProblems(input);
    if (problems.length > 0) throw invalidLocalTitle(problems);
    const row = await createMediaRepository(tx).insert(localTitleValues(input));
    await recordAudit(tx, actor, { action: 'create', resource: 'local-titles', recordId: row.id, before: null, after: { ...input } });
    return adminLocalTitle(row);
  });
}

/**
 * Applies the patch to the stored title and checks the whole result before writing. The patch names the
 * version it started from (decision 0020): refused, with the title as it is now, when another write came first.
 */
export async function updateLocalTitle({ db }: { db: Database }, actor: AdminActor, id: string, { expectedUpdatedAt, ...patch }: LocalTitlePatch) {
  if (expectedUpdatedAt === undefined) throw versionRequired();
  return db.transaction(async (tx) => {
    const repository = createMediaRepository(tx);
    const row = await repository.lockById(id);
    if (!row) throw localTitleNotFound();
    if (!isVersion(row.updatedAt, expectedUpdatedAt)) throw staleEdit('local-titles', adminLocalTitle(row));
    const merged: LocalTitleInput = { ...rowAsInput(row), ...patch };
    const problems = localTitleProblems(merged);
    if (problems.length > 0) throw invalidLocalTitle(problems);
    const updated = await repository.update(id, { ...localTitleValues(merged), updatedAt: nextVersion(row.updatedAt) });
    if (!updated) throw localTitleNotFound();
    await recordAudit(tx, actor, { action: 'update', resource: 'local-titles', recordId: updated.id, before: null, after: { ...patch } });
    return adminLocalTitle(updated);
  });
}

export async function deleteLocalTitle({ db }: { db: Database }, actor: AdminActor, id: string) {
  await db.transaction(async (tx) => {
    if (!(await createMediaRepository(tx).delete(id))) throw localTitleNotFound();
    await recordAudit(tx, actor, { action: 'delete', resource: 'local-titles', recordId: id, before: { id }, after: null });
  });
}

// ---------------------------------------------------------------- admin views

/** A page of the local catalogue as the admin edits it; the search ignores case and accents. */
export async function listLocalTitlesForAdmin(
  { repository }: { repository: MediaRepository },
  { page, pageSize, search }: { page: number; pageSize: number; search?: string },
) {
  const { rows, total } = await repository.listForAdmin({ search: search ? foldText(search) : undefined, page, pageSize });
  return toListEnvelope(rows.map(adminLocalTitle), total, { page, pageSize });
}

/** A local title as the admin lists and edits it: its write fields, with its id and version (updatedAt). */
function adminLocalTitle(row: MediaTitleRow) {
  const input = rowAsInput(row);
  return {
    id: row.id,
    mediaType: input.mediaType,
    title: input.title,
    originalTitle: input.originalTitle ?? null,
    overview: input.overview ?? '',
    date: input.date ?? null,
    posterUrl: input.posterUrl ?? null,
    backdropUrl: input.backdropUrl ?? null,
    voteAverage: input.voteAverage ?? 0,
    lists: input.lists ?? [],
    isActive: input.isActive ?? true,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether TMDB has a key, how its cache is used and how many titles the local catalogue holds. */
export async function tmdbStatus({
  repository,
  resolveApiKey,
  tmdbClient,
}: {
  repository: MediaRepository;
  resolveApiKey: ApiKeySource;
  tmdbClient: Pick<TmdbClient, 'cacheStats' | 'upstreamRequests'>;
}) {
  const [key, localTitles] = await Promise.all([resolveApiKey(), repository.count()]);
  const { entries, maxEntries } = tmdbClient.cacheStats();
  return {
    keyConfigured: Boolean(key?.trim()),
    cacheEntries: entries,
    cacheMaxEntries: maxEntries,
    upstreamRequests: tmdbClient.upstreamRequests,
    localTitles,
  };
}
