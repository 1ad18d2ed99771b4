// Backup and restore of an embedded (PGlite) data directory: one .tar.gz holding the database (PGlite's
// own dump of its data directory), the files uploaded to the disk storage (DATA_DIR/uploads) and the
// session secret kept in DATA_DIR. PostgreSQL is backed up with pg_dump instead (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { DataDirDamagedError, inspectDataDir, openPgliteOnDisk, PGLITE_DIR, tightenModes } from './data-dir.ts';
import { acquireDataDirLock, DataDirLockedError, describeHolder, isLockEntry, type DataDirLock } from './lock.ts';
import {
  commitRestore,
  completePendingRestore,
  fsyncPath,
  fsyncTree,
  isRestoreEntry,
  JOURNAL_FILE,
  makeStagingDir,
  type SwapHooks,
} from './restore-journal.ts';

/** A problem the operator can fix; the command prints it as is, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const MANIFEST = 'vitrine-backup.json';
const DATABASE_DUMP = 'pglite.tar';
/** What a backup holds besides its manifest and the dump, by their names inside DATA_DIR. */
const DATA_DIR_ENTRIES = ['uploads', 'auth-secret'] as const;

interface Manifest {
  format: 'vitrine-backup';
  version: 1;
  createdAt: string;
  uploadedFiles: number;
}

export interface BackupSummary {
  file: string;
  databaseBytes: number;
  uploadedFiles: number;
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** The data directory's lock, or an explanation that the server holds it. */
async function lockForMaintenance(dataDir: string, what: string, command: string): Promise<DataDirLock> {
  try {
    return await acquireDataDirLock(dataDir, {
      command,
      onWait: () => console.error(`O diretório de dados ${dataDir} está bloqueado: verificando se o processo que o bloqueou ainda está ativo…`),
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `O diretório de dados ${dataDir} está em uso por ${describeHolder(error.holder)}. ` +
        `O banco embutido (PGlite) aceita um só processo por diretório: pare o servidor, faça ${what} ` +
        'e inicie o servidor de novo.',
    );
  }
}

export async function backupDataDir({ dataDir, out }: { dataDir: string; out: string }): Promise<BackupSummary> {
  const file = path.resolve(out);
  if (!fs.existsSync(path.join(dataDir, PGLITE_DIR))) {
    throw new BackupError(`Não há banco de dados em ${dataDir}. Confira DATA_DIR.`);
  }
  if (fs.existsSync(file)) throw new BackupError(`O arquivo ${file} já existe. Escolha outro nome com --out.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`A pasta ${path.dirname(file)} não existe.`);

  const lock = await lockForMaintenance(dataDir, 'o backup', 'backup');
  // Beside the backup file, so the finished archive is renamed into place, never left half-written; the
  // folder is the owner's only (mkdtemp), and so is every file in it.
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.vitrine-backup-'));
  try {
    completePendingRestore(dataDir);
    try {
      inspectDataDir(dataDir);
    } catch (error) {
      if (error instanceof DataDirDamagedError) throw new BackupError(error.message);
      throw error;
    }
    const client = await openPgliteOnDisk(path.join(dataDir, PGLITE_DIR));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const databaseBytes = dump.size;
    fs.writeFileSync(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });

    const uploadedFiles = countFiles(path.join(dataDir, 'uploads'));
    const manifest: Manifest = { format: 'vitrine-backup', version: 1, createdAt: new Date().toISOString(), uploadedFiles };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // The data directory's entries join the archive through links that tar follows, under their own names.
    const entries: string[] = [MANIFEST, DATABASE_DUMP];
    for (const name of DATA_DIR_ENTRIES) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      fs.symlinkSync(path.join(dataDir, name), path.join(staging, name));
      entries.push(name);
    }
    const partial = path.join(staging, 'backup.tar.gz');
    // The archive holds the session secret: it is the owner's only, and whole on disk before it has its name.
    await tar.create({ file: partial, cwd: staging, gzip: true, follow: true, portable: true, mode: 0o600 }, entries);
    fs.chmodSync(partial, 0o600);
    fsyncPath(partial);
    fs.renameSync(partial, file);
    fsyncPath(path.dirname(file));
    return { file, databaseBytes, uploadedFiles };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await lock.release();
  }
}

export interface RestoreSummary {
  createdAt: string;
  uploadedFiles: number;
}

function readManifest(staging: string, input: string): Manifest {
  const notABackup = new BackupError(`O arquivo ${input} não é um backup da Vitrine (npm run db:backup).`);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Partial<Manifest>;
  } catch {
    throw notABackup;
  }
  if (manifest.format !== 'vitrine-backup' || !fs.existsSync(path.join(staging, DATABASE_DUMP))) throw notABackup;
  if (manifest.version !== 1) throw new BackupError(`O backup ${input} é de um formato mais novo (${String(manifest.version)}) do que esta versão lê.`);
  return manifest as Manifest;
}

export async function restoreDataDir({
  dataDir,
  input,
  force,
  hooks,
}: {
  dataDir: string;
  input: string;
  force: boolean;
  /** Tests only: called between the swap's renames. */
  hooks?: SwapHooks;
}): Promise<RestoreSummary> {
  const file = path.resolve(input);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new BackupError(`O arquivo ${file} não existe.`);
  const existing = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => !isLockEntry(name) && !isRestoreEntry(name)) : [];
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `O diretório de dados ${dataDir} não está vazio. A restauração substitui o banco, os arquivos enviados e o ` +
        'segredo das sessões que estão nele; para apagá-los e restaurar o backup, repita o comando com --force.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockForMaintenance(dataDir, 'a restauração', 'restauração');
  try {
    completePendingRestore(dataDir);
    // Inside DATA_DIR (same disk, so the swap is a rename); the current data stays in place until the
    // backup has been read, its database opened and everything written to disk.
    const staging = makeStagingDir(dataDir);
    try {
      try {
        await tar.extract({ file, cwd: staging, strict: true });
      } catch {
        throw new BackupError(`O arquivo ${file} não é um backup da Vitrine (npm run db:backup) ou está corrompido.`);
      }
      const manifest = readManifest(staging, file);
      const dump = fs.readFileSync(path.join(staging, DATABASE_DUMP));
      const damaged = new BackupError(`O banco de dados dentro do backup ${file} está corrompido: nada foi alterado em ${dataDir}.`);
      // PGlite's dump is a plain tar ('ustar' at offset 257 of its first header); anything else would fail
      // inside PGlite, out of reach of this command's error handling.
      if (dump.subarray(257, 262).toString('latin1') !== 'ustar') throw damaged;
      try {
        const client = await openPgliteOnDisk(path.join(staging, PGLITE_DIR), { loadDataDir: new Blob([dump]) });
        await client.query('select 1');
        await client.close();
      } catch {
        throw damaged;
      }
      fs.rmSync(path.join(staging, DATABASE_DUMP));
      tightenModes(staging);
      // PGlite never syncs what it writes: the restored database is on disk before it replaces anything.
      fsyncTree(staging);
      commitRestore(dataDir, staging, [PGLITE_DIR, ...DATA_DIR_ENTRIES], hooks);
      return { createdAt: manifest.createdAt, uploadedFiles: countFiles(path.join(dataDir, 'uploads')) };
    } catch (error) {
      // Before the journal, nothing of the shop was touched: the staging folder goes, the shop stays.
      if (!fs.existsSync(path.join(dataDir, JOURNAL_FILE))) fs.rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await lock.release();
  }
}
