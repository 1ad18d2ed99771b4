// Text that can be stored at all: PostgreSQL text and jsonb cannot hold the NUL character, and an
// unpaired UTF-16 surrogate is not text (it would be stored as another character than the one sent).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'contém um caractere não permitido.';

export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Where the first unstorable string of a parsed JSON value (or query string, or route parameters)
 * is: the keys down to it, a bad key included. Null when every string and key is storable.
 *
 * Linear in the size of the value: each node keeps a pointer to its parent and the path is built only
 * for the hit (copying the path at every level made a 30,000-deep array cost quadratic time and memory).
 * No recursion, so no depth overflows the stack; the server bounds depth and size before parsing anyway.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  interface Node {
    value: unknown;
    parent: Node | null;
    key: string | number;
  }
  const pathTo = (node: Node | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = node; at && at.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const queue: Node[] = [{ value, parent: null, key: '' }];
  for (let next = 0; next < queue.length; next++) {
    const node = queue[next]!;
    // Visited nodes are not needed again (their children point to them): the queue's head is released.
    queue[next] = undefined as unknown as Node;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathTo(node);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) queue.push({ value: current[index], parent: node, key: index });
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        if (!isStorableText(key)) return pathTo(node, key);
        queue.push({ value: (current as Record<string, unknown>)[key], parent: node, key });
      }
    }
  }
  return null;
}
