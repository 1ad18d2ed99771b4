// Short-lived signed links that carry one UUID: whoever may hand something out (a redeemed download
// code, say) creates a link, and the link is the only permission needed to fetch it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { endpointUrl } from '@vitrine/domain/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Token = base64url(id: 16 bytes | expiry in Unix seconds: 6 bytes | HMAC-SHA256: 32 bytes).
// Binary keeps it at 72 characters, under the router's 100-character limit for a path parameter.
const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const PAYLOAD_BYTES = ID_BYTES + EXPIRY_BYTES;
const SIGNATURE_BYTES = 32;

export interface SignedIdLinks {
  create(id: string, now?: Date): { token: string; url: string; expiresAt: Date };
  /** The id the token was issued for, or null when it is forged, malformed or expired. */
  verify(token: string, now?: Date): string | null;
}

export interface SignedIdLinkOptions {
  key: string | Buffer;
  /** A purpose label keeps these signatures apart from anything else signed with the same key. */
  purpose: string;
  /** The endpoint that serves the link: its contract's path with one `:token` parameter. */
  endpoint: { path: `${string}:token` };
  ttlMs: number;
}

export function createSignedIdLinks({ key, purpose, endpoint, ttlMs }: SignedIdLinkOptions): SignedIdLinks {
  const sign = (payload: Buffer) => createHmac('sha256', key).update(`${purpose}:`).update(payload).digest();

  return {
    create(id, now = new Date()) {
      if (!UUID.test(id)) throw new Error('id must be a UUID');
      const expiresAt = new Date(now.getTime() + ttlMs);
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      Buffer.from(id.replaceAll('-', ''), 'hex').copy(payload, 0);
      payload.writeUIntBE(Math.floor(expiresAt.getTime() / 1000), ID_BYTES, EXPIRY_BYTES);
      const token = Buffer.concat([payload, sign(payload)]).toString('base64url');
      return { token, url: endpointUrl(endpoint, { params: { token } }), expiresAt };
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
