#!/usr/bin/env node
// `npm test`: every test (unit, API integration on PGlite — and on PostgreSQL when
// TEST_DATABASE_URL is set — and browser end-to-end). Installs Debian's Chromium headless shell when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCurrent } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The browser tests drive Debian's chromium-headless-shell (docs/decisions/0018); CHROMIUM_PATH names another.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium não encontrado: instalando o pacote Debian "chromium-headless-shell"...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync(chromium)) return;
  }
  console.error(
    `Os testes de navegador precisam do Chromium em ${chromium}.\n` +
      'Instale o pacote Debian "chromium-headless-shell" (sudo apt-get install -y chromium-headless-shell) ou defina CHROMIUM_PATH.',
  );
  process.exit(1);
}

ensureChromium();
// The browser tests run the built web app: build what is stale (scripts/build-stamp.mjs keeps the
// hash of what each part was built from), nothing when both parts are current.
const stale = ['web', 'server'].filter((part) => !isCurrent(part));
if (stale.length > 0) {
  const args = stale.includes('web') ? [] : ['--server'];
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...args], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log('Build atual (apps/web/dist e apps/api/dist correspondem ao código-fonte): sem recompilar.');
}

const vitest = path.join(root, 'node_modules/.bin/vitest');
const reportFile = path.join(root, '.test-cache/vitest-report.json');
fs.mkdirSync(path.dirname(reportFile), { recursive: true });
fs.rmSync(reportFile, { force: true });
const started = Date.now();
const result = spawnSync(
  vitest,
  ['run', '--reporter=default', '--reporter=json', '--reporter=./vitest.durations.ts', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
// One plain closing line that any CI can read.
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\nTempo total: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(result.status ?? 1);
