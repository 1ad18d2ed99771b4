// The /midia hero's backdrop, for the page server's preload hint: read through the public trending
// read (so a cached answer costs no database or TMDB work) and chosen by the rule the page uses.
import type { FastifyInstance } from 'fastify';
import { endpointUrl } from '@vitrine/domain/contracts';
import { mediaContract } from '@vitrine/domain/media.contract';
import { MEDIA_HERO, mediaHeroImageUrl } from '@vitrine/domain/media-display';
import type { MediaPage } from '@vitrine/domain/media';

export async function mediaHeroImage(app: FastifyInstance): Promise<string | null> {
  const response = await app.inject({
    method: 'GET',
    url: endpointUrl(mediaContract.list, { params: { mediaType: MEDIA_HERO.mediaType, list: MEDIA_HERO.list } }),
  });
  if (response.statusCode !== 200) return null;
  return mediaHeroImageUrl((response.json() as MediaPage).results[0]);
}
