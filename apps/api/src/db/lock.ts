// A lock file that keeps a second server off a PGlite data directory.
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`O diretório de dados ${dataDir} já está em uso por outro servidor (PID ${pid}). ` + 'Pare o outro servidor ou use outro DATA_DIR.');
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      if (pid === process.pid) throw new DataDirLockedError(dataDir, pid);
      // A stale lock left by a crashed server: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${file}`);
}
