#!/usr/bin/env node
// Part of `npm run lint`: no import cycles in the API, the web app or the domain package, type-only imports
// included (eslint-plugin-import's no-cycle skips those). A cycle is fixed by moving what both sides need into
// a module of its own, as site-config.ts and chat-intent-link.ts hold the types their schemas are checked against.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));
const trees = [
  { dir: 'apps/api/src', tsConfig: 'apps/api/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
];

let found = 0;
for (const { dir, tsConfig } of trees) {
  const result = await madge(path.join(root, dir), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  for (const cycle of result.circular()) {
    found++;
    console.error(`Ciclo de imports em ${dir}: ${[...cycle, cycle[0]].join(' → ')}`);
  }
}
if (found > 0) process.exit(1);
console.log('Sem ciclos de imports.');
