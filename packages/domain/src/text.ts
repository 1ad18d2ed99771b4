// Text that can be stored at all: PostgreSQL text and jsonb cannot hold the NUL character, and an
// unpaired UTF-16 surrogate is not text (it would be stored as another character than the one sent).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'contém um caractere não permitido.';

export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Where the first unstorable string of a parsed JSON value (or query string, or route parameters)
 * is: the keys down to it, a bad key included. Null when every string and key is storable.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const queue: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  for (let next = 0; next < queue.length; next++) {
    const { value: current, path } = queue[next]!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((entry, index) => queue.push({ value: entry, path: [...path, index] }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, entry] of Object.entries(current)) {
        if (!isStorableText(key)) return [...path, key];
        queue.push({ value: entry, path: [...path, key] });
      }
    }
  }
  return null;
}
