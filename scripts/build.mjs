#!/usr/bin/env node
// `npm run build`: the web app (Vite, then the prerendered pages) and the compiled server, each
// stamped with the hash of what it was built from (scripts/build-stamp.mjs).
// `node scripts/build.mjs --server` builds only the server (a second or less); `--outdir DIR` builds
// only the server, into DIR, unstamped (a test's own build).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from './build-server.mjs';
import { inputsStamp, root, writeStamp } from './build-stamp.mjs';

const { values } = parseArgs({ options: { server: { type: 'boolean' }, outdir: { type: 'string' } } });
if (values.outdir) {
  await buildServer(path.resolve(values.outdir));
  process.exit(0);
}
const serverOnly = values.server === true;

if (!serverOnly) {
  const web = inputsStamp('web');
  // A build that fails half-way must not leave the previous stamp claiming the output is current.
  writeStamp({ web: null });
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@vitrine/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeStamp({ web });
}
const server = inputsStamp('server');
writeStamp({ server: null });
await buildServer();
writeStamp({ server });
