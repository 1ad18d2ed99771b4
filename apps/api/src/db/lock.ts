// The lock that keeps a second process off a PGlite data directory (PGlite has none of its own: two
// processes on one directory silently lose rows). A PID file cannot do it: after a crash a container
// restarts with the same PID and refuses its own stale lock, and from another container sharing the volume
// a live server's PID looks dead. So the lock is a directory made atomically (mkdir) whose modification time
// the holder refreshes every few seconds (proper-lockfile): a holder is alive while the time moves, and a
// lock whose time stood still for STALE_MS was left by a process that died, wherever it ran.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/** The lock itself (a directory) and, beside it, who holds it (for the message of the one refused). */
export const LOCK_DIR = 'server.lock.d';
export const HOLDER_FILE = 'server.lock.json';
/** The previous releases' PID file: removed once this lock is held. */
const LEGACY_PID_FILE = 'server.lock';

/** A holder refreshes the lock this often… */
export const LOCK_UPDATE_MS = 3_000;
/** …and a lock not refreshed for this long was left by a process that stopped without releasing it. */
export const LOCK_STALE_MS = 12_000;
const POLL_MS = 200;
/** Directories this process holds: a second open from here is refused at once, with no wait. */
const heldHere = new Map<string, LockHolder>();

export interface LockHolder {
  pid: number;
  hostname: string;
  startedAt: string;
  command: string;
}

export interface DataDirLock {
  readonly dir: string;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(`O diretório de dados ${dataDir} já está em uso por ${describeHolder(holder)}. Pare o outro processo ou use outro DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export function describeHolder(holder: LockHolder | null): string {
  if (!holder) return 'outro processo';
  const since = new Date(holder.startedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  return `outro processo (${holder.command}, PID ${holder.pid} em ${holder.hostname}, desde ${since})`;
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

const lockMtime = (dir: string): number | null => {
  try {
    return fs.statSync(dir).mtimeMs;
  } catch {
    return null;
  }
};

export interface AcquireOptions {
  /** Who takes the lock, for the message another process shows ('servidor', 'backup'…). */
  command?: string;
  /** Called once when the lock is found held and this process waits to learn whether its holder is alive. */
  onWait?: (holder: LockHolder | null) => void;
  /**
   * Called if the lock was taken from this process (its refresh stood still longer than LOCK_STALE_MS, e.g. a
   * frozen process): another process may be writing the directory now, so this one must stop at once.
   */
  onCompromised?: (error: Error) => void;
  staleMs?: number;
  updateMs?: number;
}

/**
 * Takes the data directory's lock. When it is held, waits until the holder shows it is alive (its lock is
 * refreshed: refused at once with DataDirLockedError, naming it) or dead (the lock stays still for
 * staleMs: taken over). So after a crash the next start waits at most staleMs.
 */
export async function acquireDataDirLock(dataDir: string, options: AcquireOptions = {}): Promise<DataDirLock> {
  const staleMs = options.staleMs ?? LOCK_STALE_MS;
  const updateMs = options.updateMs ?? LOCK_UPDATE_MS;
  const dir = path.join(dataDir, LOCK_DIR);
  const key = path.resolve(dataDir);
  const mine = heldHere.get(key);
  if (mine) throw new DataDirLockedError(dataDir, mine);
  const take = () =>
    lockfile.lock(dataDir, {
      lockfilePath: dir,
      realpath: false,
      stale: staleMs,
      update: updateMs,
      onCompromised:
        options.onCompromised ??
        ((error) => {
          console.error(`O bloqueio de ${dataDir} foi tomado por outro processo: encerrando para não gravar junto com ele.`, error.message);
          process.exit(1);
        }),
    });

  let unlock: () => Promise<void>;
  let firstSeen: number | null | undefined;
  for (;;) {
    try {
      unlock = await take();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    }
    const mtime = lockMtime(dir);
    if (firstSeen === undefined) {
      firstSeen = mtime;
      options.onWait?.(readHolder(dataDir));
    } else if (mtime !== null && firstSeen !== null && mtime !== firstSeen) {
      // Refreshed while we watched: its holder is alive.
      throw new DataDirLockedError(dataDir, readHolder(dataDir));
    }
    // A lock that turns stale is taken by the next attempt.
    await delay(POLL_MS);
  }

  const holder: LockHolder = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), command: options.command ?? 'servidor' };
  // mkdir's default mode lets others list it; nothing in DATA_DIR is theirs to read.
  fs.chmodSync(dir, 0o700);
  const written = `${JSON.stringify(holder)}\n`;
  fs.writeFileSync(path.join(dataDir, HOLDER_FILE), written, { mode: 0o600 });
  fs.rmSync(path.join(dataDir, LEGACY_PID_FILE), { force: true });
  heldHere.set(key, holder);

  let released = false;
  return {
    dir,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(key);
      // Only our own note: a process that took the lock over after us wrote its own.
      try {
        if (fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8') === written) fs.rmSync(path.join(dataDir, HOLDER_FILE), { force: true });
      } catch {
        // already gone
      }
      await unlock().catch(() => undefined);
    },
  };
}

/** Whether an entry of DATA_DIR is the lock's own (not data of the shop). */
export const isLockEntry = (name: string) => name === LOCK_DIR || name === HOLDER_FILE || name === LEGACY_PID_FILE;
