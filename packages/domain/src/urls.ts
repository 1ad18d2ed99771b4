// Links the server sends browsers to. Browsers drop tabs and newlines anywhere inside a URL and read
// '\' as '/', so '/\t/evil.example' or '/\evil.example' that looks like one of our paths is followed
// as the protocol-relative '//evil.example': such characters are refused outright, not cleaned.

// The WHATWG URL parser of browsers and Node alike; this package compiles without either's type library.
declare const URL: new (
  url: string,
  base?: string,
) => {
  href: string;
  origin: string;
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  pathname: string;
  search: string;
  hash: string;
};
type ParsedUrl = InstanceType<typeof URL>;

export const LINK_MAX_LENGTH = 2048;
const OWN_ORIGIN = 'https://vitrine.invalid';

/** C0 controls, space, DEL, C1 controls and the backslash. */
function hasForbiddenCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/**
 * An app's download link as it may be redirected to: an absolute https address (without
 * credentials) or a path of our own site ('/downloads/x'); null for anything else.
 */
export function safeDownloadUrl(raw: string | null | undefined): string | null {
  if (!raw || raw.length > LINK_MAX_LENGTH || hasForbiddenCharacter(raw)) return null;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null;
    const parsed = parseUrl(raw, OWN_ORIGIN);
    if (!parsed || parsed.origin !== OWN_ORIGIN) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  if (!/^https:\/\//i.test(raw)) return null;
  const parsed = parseUrl(raw);
  if (!parsed || parsed.protocol !== 'https:' || !parsed.hostname || parsed.username || parsed.password) return null;
  return parsed.href;
}

function parseUrl(value: string, base?: string): ParsedUrl | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
