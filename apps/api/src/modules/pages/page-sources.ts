// What each prerendered page is rendered with by the page server: the public reads the page asks for
// as it loads, written as the app writes them, and read through the public routes (so a cached answer
// costs no database or TMDB work, and an answer is never older than the last change it was told of).
import type { FastifyInstance } from 'fastify';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { chatContract } from '@vitrine/domain/chat.contract';
import { contentContract } from '@vitrine/domain/content.contract';
import { endpointUrl } from '@vitrine/domain/contracts';
import type { MediaPage } from '@vitrine/domain/media';
import { MEDIA_HERO, mediaHeroImageUrl, mediaImageSrcSet } from '@vitrine/domain/media-display';
import { mediaContract } from '@vitrine/domain/media.contract';
import { resellersContract } from '@vitrine/domain/resellers.contract';
import type { PageSource, PublicAnswer } from '../../plugins/spa.ts';

/** Every page of the site shows the header's and the footer's configuration. */
const SITE_LAYOUT = [
  endpointUrl(contentContract.getSiteConfig, { params: { section: 'header' } }),
  endpointUrl(contentContract.getSiteConfig, { params: { section: 'footer' } }),
];
const LEGAL = endpointUrl(contentContract.getSiteConfig, { params: { section: 'legal' } });
const HERO_LIST = endpointUrl(mediaContract.list, { params: { mediaType: MEDIA_HERO.mediaType, list: MEDIA_HERO.list } });

const PAGE_READS: Readonly<Record<string, PageSource>> = {
  '/': { urls: [endpointUrl(catalogContract.listPlans), endpointUrl(catalogContract.listApps), endpointUrl(mediaContract.home)] },
  '/apps': { urls: [endpointUrl(catalogContract.listApps), endpointUrl(catalogContract.listAppCategories)] },
  '/apps/ativacao': { urls: [endpointUrl(catalogContract.listStreamingApps)] },
  '/streaming': { urls: [endpointUrl(resellersContract.listResellerPlans), endpointUrl(resellersContract.listServers)] },
  '/chat': { urls: [endpointUrl(chatContract.listShortcuts)] },
  // The legal texts are the pages' largest paint: rendered in the page, not after the app has loaded.
  '/privacidade': { urls: [LEGAL] },
  '/termos': { urls: [LEGAL] },
  // The hero's backdrop is the page's largest paint: preloaded with the scripts.
  '/midia': {
    urls: [HERO_LIST],
    image: (answers) => {
      const first = (answers[HERO_LIST] as MediaPage | undefined)?.results[0];
      const src = mediaHeroImageUrl(first);
      return first && src ? { src, srcSet: mediaImageSrcSet(first.source, first.backdropPath, 'backdrop', MEDIA_HERO.backdropWidth) } : null;
    },
  },
};

const sources = new Map<string, PageSource>();

/** The page's source, worked out on its first request and kept (the page server asks on every request). */
export function pageSource(page: string): PageSource {
  let source = sources.get(page);
  if (!source) {
    const own = PAGE_READS[page];
    source = { urls: [...SITE_LAYOUT, ...(own?.urls ?? [])], image: own?.image };
    sources.set(page, source);
  }
  return source;
}

/** A public read as an anonymous visitor gets it: the cached answer, else through its route (which caches it). */
export async function readPublicAnswer(app: FastifyInstance, url: string): Promise<PublicAnswer | null> {
  const cached = app.publicCache.peek(url);
  if (cached) return cached;
  const response = await app.inject({ method: 'GET', url });
  const etag = response.headers.etag;
  if (response.statusCode !== 200 || typeof etag !== 'string') return null;
  return { etag, body: response.body };
}
