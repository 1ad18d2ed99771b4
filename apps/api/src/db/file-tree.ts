// One walk of a folder tree for the data directory's checks (modes, syncs, "holds anything"): iterative,
// so its depth costs no stack; links are given as they are (lstat) and never followed.
import fs from 'node:fs';
import path from 'node:path';

/** Every entry under root, root first, each with its own lstat. An entry gone meanwhile is skipped. */
export function* treeEntries(root: string): Generator<{ path: string; stats: fs.Stats }> {
  const pending = [root];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stats = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stats) continue;
    yield { path: current, stats };
    if (stats.isDirectory()) for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
  }
}
