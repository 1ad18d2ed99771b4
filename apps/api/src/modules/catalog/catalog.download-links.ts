// Short-lived signed download links: a redeemed code buys a few minutes to fetch the file, so a
// dropped download does not burn the code (decisions.md, Download codes).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DownloadLinkSigner {
  create(appId: string, now?: Date): { token: string; url: string; expiresAt: Date };
  /** The app id the token was issued for, or null when it is forged, malformed or expired. */
  verify(token: string, now?: Date): string | null;
}

/** Without a configured secret, a per-process random key: links then die with the process. */
export function createDownloadLinkSigner(secret: string | undefined, ttlMs = DOWNLOAD_LINK_TTL_MS): DownloadLinkSigner {
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  // A purpose prefix keeps these signatures apart from anything else signed with AUTH_SECRET.
  const sign = (payload: string) => createHmac('sha256', key).update(`vitrine-download:${payload}`).digest();

  return {
    create(appId, now = new Date()) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      const payload = `${appId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      const token = `${Buffer.from(payload, 'utf8').toString('base64url')}.${sign(payload).toString('base64url')}`;
      return { token, url: `/api/downloads/${token}`, expiresAt };
    },

    verify(token, now = new Date()) {
      const parts = token.split('.');
      if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
      const payload = Buffer.from(parts[0], 'base64url').toString('utf8');
      const expected = sign(payload);
      const given = Buffer.from(parts[1], 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const match = /^([^.]+)\.(\d{1,12})$/.exec(payload);
      if (!match || !UUID.test(match[1]!)) return null;
      if (Number(match[2]) * 1000 <= now.getTime()) return null;
      return match[1]!.toLowerCase();
    },
  };
}
