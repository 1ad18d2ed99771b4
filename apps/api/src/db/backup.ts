// Backup and restore of an embedded (PGlite) data directory: one .tar.gz holding the database (PGlite's
// own dump of its data directory), the files uploaded to the disk storage (DATA_DIR/uploads) and the
// session secret kept in DATA_DIR. PostgreSQL is backed up with pg_dump instead (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './lock.ts';

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
const PGLITE_DIR = 'pglite';

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
function lockForMaintenance(dataDir: string, what: string): DataDirLock {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `O servidor (PID ${error.pid}) está usando o diretório de dados ${dataDir}. ` +
        `O banco embutido (PGlite) aceita um só processo por diretório: pare o servidor, faça ${what} ` +
        'e inicie o servidor de novo.',
    );
  }
}

export async function backupDataDir({ dataDir, out }: { dataDir: string; out: string }): Promise<BackupSummary> {
  const file = path.resolve(out);
  if (!fs.existsSync(path.join(dataDir, PGLITE_DIR, 'PG_VERSION'))) {
    throw new BackupError(`Não há banco de dados em ${dataDir}. Confira DATA_DIR.`);
  }
  if (fs.existsSync(file)) throw new BackupError(`O arquivo ${file} já existe. Escolha outro nome com --out.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`A pasta ${path.dirname(file)} não existe.`);

  const lock = lockForMaintenance(dataDir, 'o backup');
  // Beside the backup file, so the finished archive is renamed into place, never left half-written.
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.vitrine-backup-'));
  try {
    const client = await PGlite.create(path.join(dataDir, PGLITE_DIR));
    const dump = await client.dumpDataDir('none');
    await client.close();
    const databaseBytes = dump.size;
    fs.writeFileSync(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()));

    const uploadedFiles = countFiles(path.join(dataDir, 'uploads'));
    const manifest: Manifest = { format: 'vitrine-backup', version: 1, createdAt: new Date().toISOString(), uploadedFiles };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // The data directory's entries join the archive through links that tar follows, under their own names.
    const entries: string[] = [MANIFEST, DATABASE_DUMP];
    for (const name of DATA_DIR_ENTRIES) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      fs.symlinkSync(path.join(dataDir, name), path.join(staging, name));
      entries.push(name);
    }
    const partial = path.join(staging, 'backup.tar.gz');
    await tar.create({ file: partial, cwd: staging, gzip: true, follow: true, portable: true }, entries);
    fs.renameSync(partial, file);
    return { file, databaseBytes, uploadedFiles };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
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

export async function restoreDataDir({ dataDir, input, force }: { dataDir: string; input: string; force: boolean }): Promise<RestoreSummary> {
  const file = path.resolve(input);
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw new BackupError(`O arquivo ${file} não existe.`);
  const existing = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `O diretório de dados ${dataDir} não está vazio. A restauração substitui o banco, os arquivos enviados e o ` +
        'segredo das sessões que estão nele; para apagá-los e restaurar o backup, repita o comando com --force.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = lockForMaintenance(dataDir, 'a restauração');
  // Inside DATA_DIR (same disk, so the swap is a rename); the current data is replaced only once the
  // backup has been read and its database opened.
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch {
      throw new BackupError(`O arquivo ${file} não é um backup da Vitrine (npm run db:backup) ou está corrompido.`);
    }
    const manifest = readManifest(staging, file);
    const dump = fs.readFileSync(path.join(staging, DATABASE_DUMP));
    const client = await PGlite.create(path.join(staging, PGLITE_DIR), { loadDataDir: new Blob([dump]) });
    await client.query('select 1');
    await client.close();

    for (const name of [PGLITE_DIR, ...DATA_DIR_ENTRIES]) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    return { createdAt: manifest.createdAt, uploadedFiles: countFiles(path.join(dataDir, 'uploads')) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
