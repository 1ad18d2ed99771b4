// The shared servers of the browser suite (seeded demo data, admin from the environment), one per
// worker: the browser files run as many at a time as Vitest has workers, each lane on its own server
// (sharedBaseUrl()).
// Tests that need their own configuration start their own with startServer(), from a copy of the
// data directory prepared here.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgSnapshotDir } from '../../../api/test/database.ts';
import { preparePgliteSnapshot } from '../../../api/test/global-setup.ts';
import { assertChromium } from './browser.ts';
import { DATA_DIR_TEMPLATE_ENV, makeDataDir, repoRoot, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first shared server (files that still read it share it with the other lane's files). */
    baseUrl: string;
    /** One shared server per worker, by VITEST_POOL_ID: use sharedBaseUrl(). */
    baseUrls: string[];
  }
}

let servers: RunningServer[] = [];
let template: string | undefined;

export async function setup(project: TestProject) {
  assertChromium();
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('O app web não está compilado: rode `npm run build` (o `npm test` já faz isso).');
  }
  // A shop's first start, once: every server after it starts on a copy of this directory. Its database is a
  // copy of the API tests' migrated one (made there once per set of migrations), so this start seeds it
  // without creating and migrating it first (2.9-3.8 s instead of 5.6-6.6 s here, before any browser file starts).
  template = makeDataDir();
  await preparePgliteSnapshot();
  fs.cpSync(pgSnapshotDir, path.join(template, 'pglite'), { recursive: true });
  const first = await startServer({ dataDir: template });
  const code = await first.stop();
  if (code !== 0) throw new Error(`o servidor do diretório-modelo saiu com código ${code}:\n${first.logs()}`);
  process.env[DATA_DIR_TEMPLATE_ENV] = template;

  const lanes = Math.max(1, Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || 1);
  servers = await Promise.all(Array.from({ length: lanes }, () => startServer()));
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  project.provide('baseUrl', servers[0]!.url);
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  if (template) fs.rmSync(template, { recursive: true, force: true });
}
