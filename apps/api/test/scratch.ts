import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a test run writes its databases, data directories and files: one folder per run, in memory (tmpfs)
 * when the machine has /dev/shm and on the disk under /tmp, both removed when the run ends.
 *
 * In memory, a copy of the migrated PGlite takes about 25 ms instead of 220 ms on the disk (1,183 files of
 * 40 MB), and PGlite does not fsync anyway. But memory is memory: a full run writes 38 to 64 data directories
 * of about 41 MB there, and when they stayed behind, a machine that ran the suite ten times a day had 18 GB of
 * them and its kernel killed the next run's workers. So nothing a test writes outlives its run:
 *
 * - The first process that loads this module (Vitest's main process, through the global set-ups) names the run
 *   (`VITRINE_TEST_RUN`, inherited by the workers and every process they start) and removes both folders when it
 *   exits, whatever the tests left in them.
 * - A run that could not clean up (killed, out of memory) is removed by the next one: its folders carry the pid
 *   of the process that made them, and a folder whose process is gone is swept, after the processes that carry
 *   that run's name (its orphaned workers and servers) are stopped.
 */
export const RUN_ENV = 'VITRINE_TEST_RUN';
const RUN_PREFIX = 'vitrine-run-';
/** What test runs before the per-run folders left at the top of /dev/shm and /tmp (swept once they are old). */
const LEGACY = /^vitrine-(e2e|test|pglite|upgrade|empty-pglite|server|psp|s3|nginx|perm|uploads|storage|dist|pages-front|web|spa|spa-bare|start)-/;
const LEGACY_AGE_MS = 12 * 60 * 60 * 1000;

const memoryBase = (() => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
})();
const diskBase = fs.realpathSync('/tmp');
const bases = [...new Set([memoryBase, diskBase].filter((base): base is string => base !== undefined))];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops what an abandoned run left running (its workers, the servers its tests started): every process that
 * carries the run's name in its environment (runEnv()), read from /proc where the machine has one.
 */
function stopLeftovers(name: string): number[] {
  const stopped: number[] = [];
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return stopped;
  }
  const marker = `${RUN_ENV}=${name}`;
  for (const pid of pids) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker)) continue;
      process.kill(Number(pid), 'SIGKILL');
      stopped.push(Number(pid));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return stopped;
}

/**
 * Removes the folders of runs whose process is gone (after stopping what they left running), and old folders
 * of the runs before per-run folders.
 */
export function sweepAbandonedRuns(under: readonly string[] = bases, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const base of under) {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(base, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const full = path.join(base, entry.name);
      let abandoned = false;
      if (entry.name.startsWith(RUN_PREFIX)) {
        const pid = Number(entry.name.slice(RUN_PREFIX.length).split('-')[0]);
        abandoned = Number.isInteger(pid) && pid > 0 && !alive(pid);
        if (abandoned) stopLeftovers(entry.name.slice(RUN_PREFIX.length));
      } else if (LEGACY.test(entry.name)) {
        try {
          const stat = fs.statSync(full);
          abandoned = stat.uid === process.getuid?.() && now - stat.mtimeMs > LEGACY_AGE_MS;
        } catch {
          abandoned = false;
        }
      }
      if (!abandoned) continue;
      try {
        fs.rmSync(full, { recursive: true, force: true });
        removed.push(full);
      } catch {
        // Another user's, or being removed by another run: not ours to insist on.
      }
    }
  }
  return removed;
}

const runName = (() => {
  const inherited = process.env[RUN_ENV];
  if (inherited && /^\d+-[a-z0-9]+$/.test(inherited)) return inherited;
  // This process starts the run: it names it, sweeps what earlier runs left, and removes its own at exit.
  const name = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  process.env[RUN_ENV] = name;
  sweepAbandonedRuns();
  process.once('exit', () => {
    for (const base of bases) fs.rmSync(path.join(base, RUN_PREFIX + name), { recursive: true, force: true });
  });
  return name;
})();

/**
 * The run's name, for the environment of every process a test starts (servers, commands): a run that dies
 * before it stops them leaves them findable, and the next run stops them before it removes their folders.
 */
export const runEnv = (): Record<string, string> => ({ [RUN_ENV]: runName });

function runFolder(base: string): string {
  const folder = path.join(base, RUN_PREFIX + runName);
  fs.mkdirSync(folder, { recursive: true });
  // Any user may enter it (as /tmp): the tests about file modes read the shop's files as another user, and
  // only the modes of what the shop writes must decide what they can read.
  fs.chmodSync(folder, 0o755);
  return folder;
}

/** This run's folder in memory (tmpfs) when the machine has one, on the disk otherwise. */
export const scratchRoot = runFolder(memoryBase ?? diskBase);
/** This run's folder on the disk: for what should not take memory (archives, build outputs, certificates). */
export const diskScratchRoot = runFolder(diskBase);
