// The client's file name is kept only as metadata (shown in the admin, offered as the download
// name); stored names are generated. What is kept is a plain name: no folders, no control or
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
