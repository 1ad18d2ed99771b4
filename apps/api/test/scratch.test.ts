// What a test run writes does not outlive it: its folders in memory and on the disk go when the run ends, and
// a run that was killed before it could clean up is swept by the next one (test/scratch.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diskScratchRoot, RUN_ENV, scratchRoot, sweepAbandonedRuns } from './scratch.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A new Node process that loads test/scratch.ts (as a run's main process, or as one of its workers) and runs `code`. */
function child(code: string, env: Record<string, string> = {}) {
  const script = `const scratch = await import(${JSON.stringify(path.join(repoRoot, 'apps/api/test/scratch.ts'))}); ${code}`;
  const started = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let stdout = '';
  started.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    started.once('error', reject);
    started.once('exit', resolve);
  });
  const firstLine = new Promise<string>((resolve) => {
    const check = () => (stdout.includes('\n') ? resolve(stdout.slice(0, stdout.indexOf('\n'))) : undefined);
    started.stdout.on('data', check);
    void exited.then(() => resolve(stdout));
  });
  return { pid: started.pid!, stdin: started.stdin, firstLine, exited };
}

const report = `console.log(JSON.stringify({ run: process.env.${RUN_ENV}, memory: scratch.scratchRoot, disk: scratch.diskScratchRoot }));`;
interface Report {
  run: string;
  memory: string;
  disk: string;
}

describe('a test run cleans up after itself', { timeout: 30_000 }, () => {
  it('this run writes inside its own folders, one in memory when the machine has it and one on the disk', () => {
    const run = process.env[RUN_ENV]!;
    expect(run).toMatch(/^\d+-[a-z0-9]+$/);
    expect(path.basename(scratchRoot)).toBe(`vitrine-run-${run}`);
    expect(path.basename(diskScratchRoot)).toBe(`vitrine-run-${run}`);
    if (fs.existsSync('/dev/shm')) expect(path.dirname(scratchRoot)).toBe('/dev/shm');
    expect(path.dirname(diskScratchRoot)).toBe(fs.realpathSync('/tmp'));
  });

  it('the process that starts a run removes both folders when it exits, with what was left in them; its workers share them and remove nothing', async () => {
    // The run's main process: names the run, then waits (for its standard input to close) before it exits.
    const starter = child(`${report} process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`);
    const run = JSON.parse(await starter.firstLine) as Report;
    expect(run.memory).not.toBe(scratchRoot);

    // One of its workers: inherits the run's name, writes a data directory and a file, exits.
    const worker = child(
      `${report} const fs = await import('node:fs'); fs.mkdirSync(scratch.scratchRoot + '/vitrine-e2e-abc/pglite', { recursive: true });
       fs.writeFileSync(scratch.diskScratchRoot + '/loja.tar.gz', 'x');`,
      { [RUN_ENV]: run.run },
    );
    expect(await worker.exited).toBe(0);
    expect(JSON.parse(await worker.firstLine)).toEqual(run);
    expect(fs.readdirSync(run.memory)).toEqual(['vitrine-e2e-abc']);
    expect(fs.readdirSync(run.disk)).toEqual(['loja.tar.gz']);

    starter.stdin.end();
    expect(await starter.exited).toBe(0);
    expect(fs.existsSync(run.memory)).toBe(false);
    expect(fs.existsSync(run.disk)).toBe(false);
  });

  it('a run killed before it could clean up (no exit handler runs) leaves its folders and a server; the next run stops the server and removes the folders', async () => {
    // The killed run's main process starts a "server" (a process carrying the run's name, as startServer's do).
    const starter = child(
      `const { spawn } = await import('node:child_process');
       const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { env: { ...process.env, ...scratch.runEnv() }, stdio: 'ignore', detached: true });
       server.unref();
       console.log(JSON.stringify({ run: process.env.${RUN_ENV}, memory: scratch.scratchRoot, disk: scratch.diskScratchRoot, server: server.pid }));
       setInterval(() => {}, 1000);`,
    );
    const run = JSON.parse(await starter.firstLine) as Report & { server: number };
    process.kill(starter.pid, 'SIGKILL');
    await starter.exited;
    const running = (pid: number) => {
      try {
        process.kill(pid, 0);
        return !fs.readFileSync(`/proc/${pid}/stat`, 'latin1').includes(') Z ');
      } catch {
        return false;
      }
    };
    expect(fs.existsSync(run.memory)).toBe(true);
    expect(running(run.server)).toBe(true);

    const removed = sweepAbandonedRuns();

    expect(removed).toEqual(expect.arrayContaining([run.memory, run.disk]));
    expect(fs.existsSync(run.memory)).toBe(false);
    await expect.poll(() => running(run.server)).toBe(false);
  });

  it('the folders of a run whose process is gone are swept; a live run and what is not ours stay', async () => {
    const base = fs.mkdtempSync(path.join(diskScratchRoot, 'sweep-'));
    const gone = child('');
    expect(await gone.exited).toBe(0);
    const make = (name: string, ageHours = 0) => {
      const dir = path.join(base, name);
      fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17');
      const when = new Date(Date.now() - ageHours * 3_600_000);
      fs.utimesSync(dir, when, when);
      return dir;
    };
    const killedRun = make(`vitrine-run-${gone.pid}-k1ll3d`);
    const liveRun = make(`vitrine-run-${process.pid}-l1v3`);
    const oldLegacy = make('vitrine-e2e-Old123', 13);
    const newLegacy = make('vitrine-pglite-New123', 1);
    const someoneElses = make('vitrine-backup-da-loja', 48);
    const data = make('data', 48);

    const removed = sweepAbandonedRuns([base]);

    expect(removed.sort()).toEqual([killedRun, oldLegacy].sort());
    for (const kept of [liveRun, newLegacy, someoneElses, data]) expect(fs.existsSync(kept)).toBe(true);
  });
});
