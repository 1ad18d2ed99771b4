// One shared server for the browser suite (seeded demo data, admin from the environment).
// Tests that need their own configuration start their own with startServer().
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromium } from './browser.ts';
import { repoRoot, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  assertChromium();
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('O app web não está compilado: rode `npm run build` (o `npm test` já faz isso).');
  }
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}
