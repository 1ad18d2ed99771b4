import { describe, expect, it } from 'vitest';
import { createDownloadLinkSigner, DOWNLOAD_LINK_TTL_MS } from './catalog.download-links.ts';

const appId = '0b7e6c1a-3d2f-4e5a-9b8c-7d6e5f4a3b2c';
const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('signed download links', () => {
  const signer = createDownloadLinkSigner(secret);
  const now = new Date('2026-01-01T12:00:00Z');

  it('a fresh link names its app and expires after ten minutes', () => {
    const link = signer.create(appId, now);
    expect(link.url).toBe(`/api/downloads/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{72}$/);
    expect(link.expiresAt.getTime() - now.getTime()).toBe(DOWNLOAD_LINK_TTL_MS);
    expect(signer.verify(link.token, now)).toBe(appId);
    expect(signer.verify(link.token, new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS - 1000))).toBe(appId);
  });

  it('an expired link is refused', () => {
    const link = signer.create(appId, now);
    expect(signer.verify(link.token, new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS))).toBeNull();
  });

  it('a link signed with another key is refused', () => {
    const link = createDownloadLinkSigner('another-secret-of-thirty-two-characters').create(appId, now);
    expect(signer.verify(link.token, now)).toBeNull();
    // Without a secret each process draws its own key.
    expect(createDownloadLinkSigner(undefined).verify(signer.create(appId, now).token, now)).toBeNull();
  });

  it.each([
    ['every byte flipped in turn', 'flip'],
    ['truncated', 'truncate'],
    ['with junk characters', 'junk'],
    ['empty', 'empty'],
  ])('a tampered link (%s) is refused', (_label, kind) => {
    const { token } = signer.create(appId, now);
    const bytes = Buffer.from(token, 'base64url');
    if (kind === 'flip') {
      for (let i = 0; i < bytes.length; i++) {
        const copy = Buffer.from(bytes);
        copy[i] = copy[i]! ^ 0x01;
        expect(signer.verify(copy.toString('base64url'), now)).toBeNull();
      }
    } else {
      const bad = kind === 'truncate' ? token.slice(0, -2) : kind === 'junk' ? `${token.slice(0, -1)}!` : '';
      expect(signer.verify(bad, now)).toBeNull();
    }
  });
});
