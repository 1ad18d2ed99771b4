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
import { invalidLocalTitle, localTitleNotFound } from './media.errors.ts';
import { localTitleValues, rowAsInput } from './media.local-provider.ts';
import type { MediaProvider } from './media.provider.ts';
import type { MediaRepository } from './media.repository.ts';
import type { ApiKeySource } from './media.tmdb-client.ts';

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

export async function createLocalTitle({ repository }: { repository: MediaRepository }, input: LocalTitleInput) {
  const problems = localTitleProblems(input);
  if (problems.length > 0) throw invalidLocalTitle(problems);
  const row = await repository.insert(localTitleValues(input));
  return { id: row.id };
}

/** Applies the patch to the stored title and checks the whole result before writing. */
export async function updateLocalTitle({ repository }: { repository: MediaRepository }, id: string, patch: LocalTitlePatch) {
  const row = await repository.findById(id);
  if (!row) throw localTitleNotFound();
  const merged: LocalTitleInput = { ...rowAsInput(row), ...patch };
  const problems = localTitleProblems(merged);
  if (problems.length > 0) throw invalidLocalTitle(problems);
  const updated = await repository.update(id, localTitleValues(merged));
  if (!updated) throw localTitleNotFound();
  return { id: updated.id };
}

export async function deleteLocalTitle({ repository }: { repository: MediaRepository }, id: string) {
  if (!(await repository.delete(id))) throw localTitleNotFound();
}
