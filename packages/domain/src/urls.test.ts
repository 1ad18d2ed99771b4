import { describe, expect, it } from 'vitest';
import { APP_DOWNLOAD_URL_MESSAGE, appDownloadUrlSchema } from './catalog.ts';
import { safeDownloadUrl } from './urls.ts';

describe('an app download link', () => {
  it.each([
    ['a tab that browsers strip, turning it into //evil.example', '/\t/evil.example/app.apk'],
    ['a newline that browsers strip', '/\n/evil.example/app.apk'],
    ['a carriage return that browsers strip', '/\r/evil.example/app.apk'],
    ['a NUL character', '/downloads/app\u0000.apk'],
    ['another control character', '/downloads/\u001Fapp.apk'],
    ['a C1 control character', '/downloads/\u0085app.apk'],
    ['DEL', '/downloads/\u007Fapp.apk'],
    ['a space', '/downloads/meu app.apk'],
    ['a backslash that browsers read as a slash', '/\\evil.example/app.apk'],
    ['a backslash inside an https address', 'https://downloads.example.com\\@evil.example/app.apk'],
    ['a protocol-relative address', '//evil.example/app.apk'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['plain http', 'http://downloads.example.com/app.apk'],
    ['https without slashes', 'https:evil.example/app.apk'],
    ['https with a single slash', 'https:/evil.example/app.apk'],
    ['credentials in the address', 'https://downloads.example.com@evil.example/app.apk'],
    ['a relative path without a leading slash', 'downloads/app.apk'],
    ['an https address without a host', 'https://'],
    ['an empty link', ''],
    ['a link longer than 2048 characters', `https://downloads.example.com/${'a'.repeat(2048)}`],
  ])('refuses %s', (_reason, raw) => {
    expect(safeDownloadUrl(raw)).toBeNull();
  });

  it.each([
    ['an absolute https address', 'https://downloads.example.com/player.apk', 'https://downloads.example.com/player.apk'],
    ['an https address with a port, query and fragment', 'https://cdn.example.com:8443/a/b.apk?v=2#x', 'https://cdn.example.com:8443/a/b.apk?v=2#x'],
    ['an https address in capitals', 'HTTPS://Downloads.Example.com/Player.apk', 'https://downloads.example.com/Player.apk'],
    ['an international host, in its ASCII form', 'https://transmissão.example/app.apk', 'https://xn--transmisso-n5a.example/app.apk'],
    ['a path of our own site', '/downloads/x', '/downloads/x'],
    ['our own path with a query', '/downloads/x.apk?versao=2', '/downloads/x.apk?versao=2'],
    ['our own path with accents, percent-encoded', '/downloads/transmissão.apk', '/downloads/transmiss%C3%A3o.apk'],
    ['our own path that climbs above the root, kept on our site', '/../../evil.example', '/evil.example'],
  ])('accepts %s', (_reason, raw, expected) => {
    expect(safeDownloadUrl(raw)).toBe(expected);
  });

  it('has no link when none is stored', () => {
    expect(safeDownloadUrl(null)).toBeNull();
    expect(safeDownloadUrl(undefined)).toBeNull();
  });
});

describe('the download link in the app contract', () => {
  it('refuses a hostile link with a Portuguese message', () => {
    const result = appDownloadUrlSchema.safeParse('/\t/evil.example/app.apk');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(APP_DOWNLOAD_URL_MESSAGE);
    expect(appDownloadUrlSchema.safeParse('http://downloads.example.com/app.apk').success).toBe(false);
  });

  it('keeps a good link, trimmed, and reads an empty one as none', () => {
    expect(appDownloadUrlSchema.parse('  https://downloads.example.com/app.apk ')).toBe('https://downloads.example.com/app.apk');
    expect(appDownloadUrlSchema.parse('/downloads/app.apk')).toBe('/downloads/app.apk');
    expect(appDownloadUrlSchema.parse('')).toBeNull();
    expect(appDownloadUrlSchema.parse(null)).toBeNull();
  });
});
