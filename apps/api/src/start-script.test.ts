// `npm start` (scripts/start.mjs) in a checkout of its own: a stand-in build, stamp and node_modules, the real
// start and stamp scripts. A pruned production install (`npm prune --omit=dev`) runs the build it has or
// refuses, whatever part of the sources changed: it never builds, with the esbuild prune leaves behind, and
// starts code other than what the operator built. A development checkout still builds what is stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/database.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const REFUSAL = 'A build em apps/api/dist e apps/web/dist está ausente ou não corresponde ao código-fonte';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

function write(root: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const pkg = (name: string) => JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'index.js' });

/**
 * A checkout built once: every input the stamp hashes, a server build that says which build it is, and the
 * packages `npm prune --omit=dev` leaves (esbuild, vite); `devDependencies` adds Vite's React plugin, which prune removes.
 */
function checkout({ devDependencies }: { devDependencies: boolean }): string {
  const root = tempDir('vitrine-start-');
  dirs.push(root);
  for (const script of ['start.mjs', 'build-stamp.mjs']) write(root, `scripts/${script}`, fs.readFileSync(path.join(repoRoot, 'scripts', script), 'utf8'));
  // The build: a server that names the sources it was built from, and the stamp of those sources.
  write(
    root,
    'scripts/build.mjs',
    `import fs from 'node:fs';
import { inputsStamp, writeStamp } from './build-stamp.mjs';
const source = fs.readFileSync('apps/api/src/server.ts', 'utf8').trim();
fs.mkdirSync('apps/api/dist', { recursive: true });
fs.writeFileSync('apps/api/dist/server.mjs', 'console.log(' + JSON.stringify('servidor construído de: ' + source) + ');\\n');
fs.mkdirSync('apps/web/dist', { recursive: true });
fs.writeFileSync('apps/web/dist/index.html', '<!doctype html>');
writeStamp({ web: inputsStamp('web'), server: inputsStamp('server') });
`,
  );
  write(root, 'scripts/build-server.mjs', '// o empacotador do servidor\n');
  write(root, 'apps/api/src/server.ts', '// versão 1\n');
  write(root, 'apps/api/package.json', pkg('@vitrine/api'));
  write(root, 'apps/web/src/main.tsx', '// versão 1\n');
  write(root, 'apps/web/package.json', pkg('@vitrine/web'));
  write(root, 'packages/domain/src/index.ts', '// versão 1\n');
  write(root, 'packages/domain/package.json', pkg('@vitrine/domain'));
  write(root, 'package-lock.json', '{}\n');
  for (const name of ['esbuild', 'vite', ...(devDependencies ? ['@vitejs/plugin-react'] : [])]) {
    write(root, `node_modules/${name}/package.json`, pkg(name));
    write(root, `node_modules/${name}/index.js`, 'export default {};\n');
  }
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  return root;
}

const npmStart = (root: string) => {
  const run = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
};

describe('npm start', () => {
  it('in a pruned install runs the build it has while it is current', () => {
    const root = checkout({ devDependencies: false });
    const started = npmStart(root);
    expect(started.code).toBe(0);
    expect(started.output).toContain('servidor construído de: // versão 1');
    expect(started.output).not.toContain('Compilando');
  });

  it.each([
    ['the server', 'apps/api/src/server.ts'],
    ['the shared domain', 'packages/domain/src/index.ts'],
    ['the web app', 'apps/web/src/main.tsx'],
  ])('in a pruned install refuses a build older than %s, builds nothing and starts nothing', (_part, file) => {
    const root = checkout({ devDependencies: false });
    const server = path.join(root, 'apps/api/dist/server.mjs');
    const before = fs.readFileSync(server, 'utf8');
    write(root, file, '// versão 2, alterada\n');
    const refused = npmStart(root);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(REFUSAL);
    expect(refused.output).toContain('Rode `npm ci && npm run build`');
    expect(refused.output).not.toContain('Compilando');
    expect(refused.output).not.toContain('servidor construído');
    expect(fs.readFileSync(server, 'utf8')).toBe(before);
  });

  it('in a development checkout builds what is stale, then starts it', () => {
    const root = checkout({ devDependencies: true });
    write(root, 'apps/api/src/server.ts', '// versão 2, alterada\n');
    const started = npmStart(root);
    expect(started.code).toBe(0);
    expect(started.output).toContain('Compilando o servidor…');
    expect(started.output).toContain('servidor construído de: // versão 2, alterada');
  });
});
