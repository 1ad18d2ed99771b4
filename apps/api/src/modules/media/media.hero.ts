// The /midia hero for the page server: read through the public trending read (so a cached answer
// costs no database or TMDB work) and described by the rules the page uses, so the first paint shows
// the banner the app then renders over it.
import type { FastifyInstance } from 'fastify';
import { endpointUrl } from '@vitrine/domain/contracts';
import { mediaContract } from '@vitrine/domain/media.contract';
import { MEDIA_HERO, mediaHeroText } from '@vitrine/domain/media-display';
import type { MediaPage } from '@vitrine/domain/media';
import type { PageFill } from '../../plugins/spa.ts';

export async function mediaHeroFill(app: FastifyInstance): Promise<PageFill | null> {
  const url = endpointUrl(mediaContract.list, { params: { mediaType: MEDIA_HERO.mediaType, list: MEDIA_HERO.list } });
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) return null;
  const trending = response.json() as MediaPage;
  const first = trending.results[0];
  if (!first) return null;
  const text = mediaHeroText(first);
  return { image: text.imageUrl, fields: { ...text }, answers: { [url]: trending } };
}
