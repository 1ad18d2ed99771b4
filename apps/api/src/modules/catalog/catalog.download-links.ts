// Short-lived signed download links: a redeemed code buys a few minutes to fetch the file, so a
// dropped download does not burn the code.
import { randomBytes } from 'node:crypto';
import { catalogContract } from '@vitrine/domain/catalog.contract';
import { createSignedIdLinks, type SignedIdLinks } from '../../shared/signed-id-links.ts';

export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;

/** Links carry the app id; `verify` returns it, or null when forged, malformed or expired. */
export type DownloadLinkSigner = SignedIdLinks;

/** Without a configured secret, a per-process random key: links then die with the process. */
export function createDownloadLinkSigner(secret: string | undefined, ttlMs = DOWNLOAD_LINK_TTL_MS): DownloadLinkSigner {
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  return createSignedIdLinks({ key, purpose: 'vitrine-download-link', endpoint: catalogContract.download, ttlMs });
}
