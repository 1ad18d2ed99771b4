// What a build was made from: one hash of the web app's inputs and one of the server's, kept in
// apps/api/dist/build-stamp.json by `npm run build`, so `npm start` can tell a current build from a
// stale one without building again. Content hashes, not times: a fresh clone's files are all "new".
// Each part also keeps a fingerprint of its files' names, sizes and times when it was built: when those
// are unchanged, the contents are not read again (a start then costs a directory walk).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const serverDist = path.join(root, 'apps/api/dist');
export const webDist = path.join(root, 'apps/web/dist');
const stampFile = path.join(serverDist, 'build-stamp.json');

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'e2e', 'test-results', '.test-cache']);
const isTest = (name) => /\.test\.tsx?$|\.test-support\.ts$/.test(name);

const shared = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];
export const INPUTS = {
  web: ['apps/web', ...shared],
  server: ['apps/api/src', 'apps/api/package.json', 'scripts/build-server.mjs', ...shared],
};

function listFiles(relative, out) {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    out.push(relative);
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() ? SKIPPED_DIRS.has(entry.name) : isTest(entry.name)) continue;
    listFiles(path.join(relative, entry.name), out);
  }
}

function inputFiles(part) {
  const files = [];
  for (const input of INPUTS[part]) listFiles(input, files);
  return files.sort();
}

/** Names, sizes and modification times of one part's inputs. */
function inputsFingerprint(part) {
  const hash = createHash('sha256');
  for (const file of inputFiles(part)) {
    const stat = fs.statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/** What a part was built from: the hash of its inputs (every file's path and bytes) and their fingerprint. */
export function inputsStamp(part) {
  return { hash: inputsHash(part), fingerprint: inputsFingerprint(part) };
}

function inputsHash(part) {
  const files = inputFiles(part);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

export function writeStamp(parts) {
  fs.mkdirSync(serverDist, { recursive: true });
  fs.writeFileSync(stampFile, `${JSON.stringify({ ...readStamp(), ...parts }, null, 2)}\n`);
}

/** Whether the built output of a part is there and was made from the inputs as they are now. */
export function isCurrent(part) {
  const built = part === 'web' ? fs.existsSync(path.join(webDist, 'index.html')) : fs.existsSync(path.join(serverDist, 'server.mjs'));
  if (!built) return false;
  const stamp = readStamp()[part];
  if (!stamp) return false;
  return stamp.fingerprint === inputsFingerprint(part) || stamp.hash === inputsHash(part);
}
