#!/usr/bin/env node
// `npm start`: runs the compiled server (apps/api/dist/server.mjs), building first only when there is
// no build or it was made from other sources (scripts/build-stamp.mjs), and only where the build tools are
// installed: a pruned production install refuses a stale build instead. `npm run db:backup` and
// `npm run db:restore` and `npm run db:seed` come through here too (`node scripts/start.mjs db-backup --out FILE`): they need
// only the server's build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isCurrent, root, serverDist } from './build-stamp.mjs';

const COMMANDS = new Set(['db-backup', 'db-restore', 'db-seed']);
// The command's own arguments are what follows its name, as if it had been started directly.
const command = COMMANDS.has(process.argv[2]) ? process.argv.splice(2, 1)[0] : 'server';
const parts = command === 'server' ? ['web', 'server'] : ['server'];
const stale = parts.filter((part) => !isCurrent(part));

if (stale.length > 0) {
  try {
    // Every build tool, whatever part is stale: after `npm prune --omit=dev` esbuild and Vite may stay
    // (dependencies of an optional peer and of a runtime package) while Vite's plugins do not. A pruned install
    // is told by that and refuses: it never builds, with the esbuild prune left, and starts code other than
    // what the operator built (before, a change to the server's sources alone was built and started).
    import.meta.resolve('esbuild');
    import.meta.resolve('@vitejs/plugin-react');
  } catch {
    console.error(
      'A build em apps/api/dist e apps/web/dist está ausente ou não corresponde ao código-fonte, e as ferramentas ' +
        'de build (devDependencies) não estão instaladas. Rode `npm ci && npm run build` (e, numa instalação de ' +
        'produção, `npm prune --omit=dev` depois).',
    );
    process.exit(1);
  }
  console.log(stale.includes('web') ? 'Compilando o app web e o servidor…' : 'Compilando o servidor…');
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...(stale.includes('web') ? [] : ['--server'])], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(path.join(serverDist, `${command}.mjs`)).href);
