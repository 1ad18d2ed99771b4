// Short-lived signed links to private files in buckets that allow them (installers): whoever may
// hand out a file (a redeemed download code, say) creates a link; the link is the only permission.
import { uploadsContract } from '@vitrine/domain/uploads.contract';
import { createSignedIdLinks, type SignedIdLinks } from '../../shared/signed-id-links.ts';

export const FILE_LINK_TTL_MS = 10 * 60 * 1000;

/** Links carry the upload id; `verify` returns it, or null when forged, malformed or expired. */
export type FileLinkSigner = SignedIdLinks;

export function createFileLinkSigner(secret: string, ttlMs = FILE_LINK_TTL_MS): FileLinkSigner {
  return createSignedIdLinks({ key: secret, purpose: 'vitrine-file-link', endpoint: uploadsContract.signedFile, ttlMs });
}
