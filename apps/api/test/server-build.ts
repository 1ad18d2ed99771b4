// The compiled server of a test run: built once by the global setup (test/global-setup.ts) into a folder of its
// own beside apps/api/dist, and run by every test that starts the server or one of its commands as a process,
// as a production install runs them (`npm start`, `npm run db:seed`: plain Node, no TypeScript loader). Started
// through tsx instead, each process spent about 2 s more and twice the CPU compiling the sources.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiRoot } from '../src/api-root.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_BUILD_ENV = 'VITRINE_TEST_SERVER_BUILD';

export type BuiltEntry = 'server' | 'db-seed' | 'db-backup' | 'db-restore';

/** The file Node runs for `entry` in this run's build. */
export function builtEntry(entry: BuiltEntry): string {
  const dir = process.env[SERVER_BUILD_ENV];
  if (!dir || !fs.existsSync(dir)) throw new Error(`${SERVER_BUILD_ENV} não aponta para uma build do servidor: a configuração global dos testes da API a cria`);
  return path.join(dir, `${entry}.mjs`);
}

/**
 * Builds the server for this run (both API projects share it; the second finds the first's) and gives back how to
 * remove it, or nothing when another project built it. The folder sits one level below apps/api, where the
 * bundle finds the migrations; a random name keeps two runs on one checkout apart.
 */
export async function buildServerForTests(): Promise<(() => void) | undefined> {
  const existing = process.env[SERVER_BUILD_ENV];
  if (existing && fs.existsSync(existing)) return undefined;
  const outdir = path.join(apiRoot, `dist-test-${randomBytes(4).toString('hex')}`);
  await promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--outdir', outdir], { cwd: repoRoot });
  process.env[SERVER_BUILD_ENV] = outdir;
  return () => fs.rmSync(outdir, { recursive: true, force: true });
}
