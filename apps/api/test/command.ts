// Runs one of the server's commands (`npm run db:backup`, `db:restore`) from this run's build
// (test/server-build.ts) as a process of its own, with only `env` besides PATH and HOME, and gives back its
// exit code and output.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { runEnv } from './scratch.ts';
import { builtEntry, type BuiltEntry } from './server-build.ts';

const run = promisify(execFile);

export async function runScript(command: BuiltEntry, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtEntry(command), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...runEnv(), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
