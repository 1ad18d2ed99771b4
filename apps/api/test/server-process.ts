// Runs the real server as a child process, as `npm start` does (the compiled server: this run's build,
// test/server-build.ts), so a test can kill it outright (SIGKILL) or stop it like an orchestrator would (SIGTERM).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diskScratchRoot, runEnv } from './scratch.ts';
import { builtEntry } from './server-build.ts';
import { waitUntil } from './wait.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  logs(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown code runs at all. */
  kill(): Promise<void>;
}

const serverEnv = (env: Record<string, string>) => ({
  // Never the checkout's ./data: a test's server keeps its files (uploads, on PostgreSQL too) in a folder of its own.
  DATA_DIR: fs.mkdtempSync(path.join(diskScratchRoot, 'vitrine-server-')),
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.tmpdir(),
  ...runEnv(),
  NODE_ENV: 'production',
  // Cheap password hashes for tests (see test/app.ts).
  PASSWORD_HASH_COST: '1024',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
  WEB_DIST: '/nonexistent',
  ...env,
});

/** A start expected to fail: the exit code and everything the process wrote, once it has exited. */
export async function runServerUntilExit(env: Record<string, string>, { timeoutMs = 60_000 }: { timeoutMs?: number } = {}) {
  let output = '';
  const child = spawn(process.execPath, [builtEntry('server')], { cwd: repoRoot, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

/**
 * `startTimeoutMs`: how long it may take to say it is up (a fresh PGlite directory is created and seeded first).
 * `onOutput`: called with everything the process has written so far, at each new chunk, before it is up too
 * (a test acting on what the server says while it starts).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startTimeoutMs = 90_000, onOutput }: { startTimeoutMs?: number; onOutput?: (output: string) => void } = {},
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, [builtEntry('server')], { cwd: repoRoot, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitUntil(
      () => {
        if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output}`);
        return output.includes('"msg":"Vitrine no ar"');
      },
      { timeoutMs: startTimeoutMs, intervalMs: 100, what: 'o servidor iniciar' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    logs: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
