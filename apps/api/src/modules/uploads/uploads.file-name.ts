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
  return truncateKeepingExtension(withDetectedExtension(cleaned, extension), ORIGINAL_NAME_MAX_LENGTH);
}

// Other spellings of a detected type's extension, kept as the uploader wrote them.
const SAME_TYPE: Record<string, readonly string[]> = {
  jpg: ['jpeg', 'jpe', 'jfif'],
  ogg: ['oga'],
  opus: ['ogg', 'oga'],
  m4a: ['mp4', 'aac'],
  mp4: ['m4v', 'm4a'],
  webm: ['weba'],
};

/**
 * The name with the extension of the type its content was detected as: a browser or a desktop
 * picks the program that opens a download by its name, so 'poly.html' holding a PNG is offered as
 * 'poly.png', 'x.exe' holding a PDF as 'x.pdf', and a name without an extension gets one. Only a
 * last part of letters and digits with at least one letter counts as an extension ('versão 1.2'
 * keeps its '.2').
 */
export function withDetectedExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1) : '';
  const hasExtension = /^[a-z0-9]{1,10}$/i.test(current) && /[a-z]/i.test(current);
  if (!hasExtension) return `${name}.${extension}`;
  const lower = current.toLowerCase();
  if (lower === extension || SAME_TYPE[extension]?.includes(lower)) return name;
  return `${name.slice(0, dot)}.${extension}`;
}

/** The extension a stored name was given (that of its detected type). */
export const storedExtension = (storageName: string) => storageName.slice(storageName.lastIndexOf('.') + 1);

function truncateKeepingExtension(name: string, max: number): string {
  const characters = Array.from(name); // by code point, never splitting a surrogate pair
  if (characters.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const tail = dot > 0 && name.length - dot <= 16 ? Array.from(name.slice(dot)) : [];
  return (
    characters
      .slice(0, max - tail.length)
      .join('')
      .trimEnd() + tail.join('')
  );
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
