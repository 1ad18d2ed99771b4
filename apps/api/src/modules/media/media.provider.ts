// One interface for the two catalogue sources: TMDB (when a key is configured) and the local catalogue.
import type {
  Genre,
  MediaDetails,
  MediaDiscoverQuery,
  MediaList,
  MediaListQuery,
  MediaPage,
  MediaSearchQuery,
  MediaSource,
  MediaType,
  MediaVideo,
  TrendingWindow,
} from '@vitrine/domain/media';

export interface MediaProvider {
  readonly source: MediaSource;
  /** A row of /midia; with a genre or a year it is narrowed by those filters. */
  list(mediaType: MediaType, list: MediaList, query: MediaListQuery): Promise<MediaPage>;
  trending(mediaType: MediaType, window: TrendingWindow, page: number): Promise<MediaPage>;
  discover(mediaType: MediaType, query: MediaDiscoverQuery): Promise<MediaPage>;
  /** Movies and series only; people are left out. */
  search(query: MediaSearchQuery): Promise<MediaPage>;
  genres(mediaType: MediaType): Promise<Genre[]>;
  /** Throws media.not_found for an unknown title. */
  details(mediaType: MediaType, id: string): Promise<MediaDetails>;
  images(mediaType: MediaType, id: string): Promise<string[]>;
  videos(mediaType: MediaType, id: string): Promise<MediaVideo[]>;
}
