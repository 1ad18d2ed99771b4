// The compiled server: apps/api/src bundled by esbuild into apps/api/dist/, run by plain Node (no
// TypeScript loader). npm packages stay imports (runtime dependencies in node_modules); the workspace's
// own TypeScript package, @vitrine/domain, is bundled in. Decision: docs/decisions/0013-compiled-server.md.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { root, serverDist } from './build-stamp.mjs';

const src = path.join(root, 'apps/api/src');

/**
 * npm packages are bundled in too (one file parsed instead of some 1,500 resolved and read one by one at every
 * start: the start-up's module loading went from about 1.6 to 0.8 s), except those that find files of their own
 * beside their code at run time: PGlite (its WebAssembly and data), the OpenAPI page's assets and package.json,
 * and pino (its transports run in worker threads started from its own files).
 */
export const EXTERNAL_PACKAGES = new Set(['@electric-sql/pglite', '@fastify/swagger', '@fastify/swagger-ui', 'pino', 'pino-pretty', 'thread-stream']);

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const externalPackages = {
  name: 'vitrine:external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || EXTERNAL_PACKAGES.has(packageName(args.path))) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** Builds into apps/api/dist, or into `outdir` (one level below apps/api, where the bundle finds the migrations). */
export async function buildServer(outdir = serverDist) {
  // The previous bundle goes; the build stamp stays (it also speaks for the web app).
  for (const name of fs.existsSync(outdir) ? fs.readdirSync(outdir) : []) {
    if (name !== 'build-stamp.json') fs.rmSync(path.join(outdir, name), { recursive: true, force: true });
  }
  await esbuild.build({
    entryPoints: {
      'v8-flags': path.join(src, 'v8-flags.ts'),
      'server-main': path.join(src, 'server.ts'),
      'db-backup': path.join(src, 'db/backup.cli.ts'),
      'db-restore': path.join(src, 'db/restore.cli.ts'),
      'db-seed': path.join(src, 'db/seed-cli.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Node 22 LTS is the declared runtime (decision 0021); the syntax is the same as 20's, which still starts it.
    target: 'node22',
    // The app's own modules load beside the database opening (server.ts imports them dynamically).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: true,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: "import { createRequire as __vitrineCreateRequire } from 'node:module'; const require = __vitrineCreateRequire(import.meta.url);" },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  // The entry Node runs: V8's flags are set before any module of the server is loaded (a bundle's
  // static imports would all be evaluated before its first line), then the server itself.
  fs.writeFileSync(
    path.join(outdir, 'server.mjs'),
    [
      '// Built by scripts/build-server.mjs. Runs the compiled server: node apps/api/dist/server.mjs',
      "import './v8-flags.mjs';",
      "await import('./server-main.mjs');",
      '',
    ].join('\n'),
  );
}
