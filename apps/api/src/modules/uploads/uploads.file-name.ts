import { randomBytes } from 'node:crypto';
// The client's file name is kept as metadata (shown in the admin, offered as the download name),
// and a folded, safe form of it ends the stored name. What is kept is a plain name: no folders, no control or
// invisible formatting characters (a right-to-left override can disguise "gpj.exe" as "exe.jpg").

export const ORIGINAL_NAME_MAX_LENGTH = 200;

export function sanitizeOriginalName(raw: string | undefined, extension: string): string {
  const lastSegment = (raw ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim();
  // Nothing left but dots (".", "..") or spaces: give it a name of our own.
  if (/^[.\s]*$/.test(cleaned)) return `arquivo.${extension}`;
  return truncateKeepingExtension(cleaned, ORIGINAL_NAME_MAX_LENGTH);
}

function truncateKeepingExtension(name: string, max: number): string {
  const characters = Array.from(name); // by code point, never splitting a surrogate pair
  if (characters.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const tail = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return characters.slice(0, max - tail.length).join('').trimEnd() + tail.join('');
}

/**
 * The name a file is stored and served under: the upload time in milliseconds, a random part (two
 * uploads in the same millisecond never share a name, so nothing is overwritten) and the original
 * name folded to lower-case ASCII letters, digits and dashes, with the extension of the type the
 * content was detected as: '1795566719137-9f2c4e1a-logo-provedor.png'.
 */
export function storedFileName(originalName: string, extension: string, { now = Date.now(), random = randomBytes(4).toString('hex') } = {}): string {
  const segment = originalName.split(/[\\/]/).pop() ?? '';
  const dot = segment.lastIndexOf('.');
  const base = (dot > 0 ? segment.slice(0, dot) : segment)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STORED_BASE_MAX_LENGTH)
    .replace(/-+$/, '');
  return `${now}-${random}-${base || 'arquivo'}.${extension}`;
}

const STORED_BASE_MAX_LENGTH = 60;

/** Names this server generates: today's form, and the id-only form of files stored before it. */
export const STORED_NAME = /^(?:\d{13}-[0-9a-f]{8}-[a-z0-9-]{1,60}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]{1,10}$/;
