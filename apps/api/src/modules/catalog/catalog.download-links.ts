// Short-lived signed download links: a redeemed code buys a few minutes to fetch the file, so a
// dropped download does not burn the code (decisions.md, Download codes).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DOWNLOAD_LINK_TTL_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Token = base64url(app id: 16 bytes | expiry in Unix seconds: 6 bytes | HMAC-SHA256: 32 bytes).
// Binary keeps it at 72 characters, under the router's 100-character limit for a path parameter.
const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const PAYLOAD_BYTES = ID_BYTES + EXPIRY_BYTES;
const SIGNATURE_BYTES = 32;

export interface DownloadLinkSigner {
  create(appId: string, now?: Date): { token: string; url: string; expiresAt: Date };
  /** The app id the token was issued for, or null when it is forged, malformed or expired. */
  verify(token: string, now?: Date): string | null;
}

/** Without a configured secret, a per-process random key: links then die with the process. */
export function createDownloadLinkSigner(secret: string | undefined, ttlMs = DOWNLOAD_LINK_TTL_MS): DownloadLinkSigner {
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  // A purpose label keeps these signatures apart from anything else signed with AUTH_SECRET.
  const sign = (payload: Buffer) => createHmac('sha256', key).update('vitrine-download-link:').update(payload).digest();

  return {
    create(appId, now = new Date()) {
      if (!UUID.test(appId)) throw new Error('appId must be a UUID');
      const expiresAt = new Date(now.getTime() + ttlMs);
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      Buffer.from(appId.replaceAll('-', ''), 'hex').copy(payload, 0);
      payload.writeUIntBE(Math.floor(expiresAt.getTime() / 1000), ID_BYTES, EXPIRY_BYTES);
      const token = Buffer.concat([payload, sign(payload)]).toString('base64url');
      return { token, url: `/api/downloads/${token}`, expiresAt };
    },

    verify(token, now = new Date()) {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES) return null;
      const payload = bytes.subarray(0, PAYLOAD_BYTES);
      if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), sign(payload))) return null;
      if (payload.readUIntBE(ID_BYTES, EXPIRY_BYTES) * 1000 <= now.getTime()) return null;
      const hex = payload.subarray(0, ID_BYTES).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
