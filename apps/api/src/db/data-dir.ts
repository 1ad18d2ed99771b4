// The embedded database's data directory (DATA_DIR): whether it holds a whole database, a new shop's empty
// folder or a damaged one; its files kept readable by their owner only; and PGlite opened on it so that what
// PGlite writes is the owner's too.
//
// A database that cannot be opened is not an empty one: PGlite initialises any folder without PG_VERSION,
// so a missing file, a wrong mount or a typo would silently turn a shop into a fresh demo. Here a database
// is initialised only in a directory that holds nothing of a shop; anything else that cannot be opened
// stops the start with what is wrong and how to restore, and nothing in the directory is written.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { treeEntries } from './file-tree.ts';
import { isLockEntry } from './lock.ts';
import { isRestoreEntry } from './restore-journal.ts';

export const PGLITE_DIR = 'pglite';
/** Group and other permission bits. */
const OTHERS = 0o077;

/** What a whole PGlite (PostgreSQL) data directory always has. */
const REQUIRED_ENTRIES = [
  { name: 'PG_VERSION', what: 'o arquivo' },
  { name: 'global/pg_control', what: 'o arquivo de controle' },
  { name: 'pg_wal', what: 'a pasta do log de transações' },
  { name: 'base', what: 'a pasta das tabelas' },
] as const;

/** Entries a folder may hold without being a shop's (a mount point's own). */
const NOT_SHOP_DATA = new Set(['lost+found', '.DS_Store']);

export class DataDirDamagedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly problem: string,
  ) {
    super(
      `O banco de dados embutido em ${dataDir} não pode ser aberto: ${problem}. A Vitrine não iniciou e não gravou nada ` +
        'nesse diretório. Confira se DATA_DIR aponta para a pasta certa (um volume não montado, um nome digitado errado). ' +
        'Se a pasta é essa, devolva o que falta (de uma cópia) ou restaure o último backup — guarde antes uma cópia da pasta ' +
        `danificada (cp -a "${dataDir}" "${dataDir}.danificado") e rode: DATA_DIR="${dataDir}" npm run db:restore -- --in ` +
        'ARQUIVO.tar.gz --force',
    );
    this.name = 'DataDirDamagedError';
  }
}

export type DataDirState = 'new' | 'existing';

/**
 * Whether DATA_DIR holds a database to open ('existing'), nothing of a shop ('new': the only case in which
 * a database is created), or a damaged one (throws DataDirDamagedError, naming what is missing).
 */
export function inspectDataDir(dataDir: string): DataDirState {
  const pgliteDir = path.join(dataDir, PGLITE_DIR);
  const databaseEntries = readdirOrNull(pgliteDir);
  const shopEntries = (readdirOrNull(dataDir) ?? []).filter(
    (name) => name !== PGLITE_DIR && !isLockEntry(name) && !isRestoreEntry(name) && !NOT_SHOP_DATA.has(name) && holdsAFile(path.join(dataDir, name)),
  );
  if (databaseEntries === null || databaseEntries.length === 0) {
    if (shopEntries.length === 0) return 'new';
    const listed = shopEntries
      .sort()
      .slice(0, 5)
      .map((name) => (isDirectory(path.join(dataDir, name)) ? `${name}/` : name))
      .join(', ');
    throw new DataDirDamagedError(
      dataDir,
      `${databaseEntries === null ? 'falta a pasta' : 'está vazia a pasta'} ${PGLITE_DIR}/ (o banco), mas o diretório guarda dados de uma loja (${listed})`,
    );
  }
  for (const entry of REQUIRED_ENTRIES) {
    if (!fs.existsSync(path.join(pgliteDir, entry.name))) throw new DataDirDamagedError(dataDir, `falta ${entry.what} ${PGLITE_DIR}/${entry.name}`);
  }
  return 'existing';
}

function readdirOrNull(dir: string): string[] | null {
  try {
    return fs.readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ENOTDIR') throw new DataDirDamagedError(path.dirname(dir), `${dir} não é uma pasta`);
    throw error;
  }
}

/**
 * Whether an entry holds anything: a file, or a folder with a file somewhere below it. Empty folders (the
 * disk storage's `uploads/.partial/`, made at every start, also on PostgreSQL installs) are nothing of a
 * shop. Stops at the first file found.
 */
function holdsAFile(entry: string): boolean {
  for (const { stats } of treeEntries(entry)) if (!stats.isDirectory()) return true;
  return false;
}

const isDirectory = (file: string) => fs.lstatSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** DATA_DIR made (0700, the folders above it too) when it does not exist. */
export function makeDataDir(dataDir: string): { created: boolean } {
  const created = !fs.existsSync(dataDir);
  if (created) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return { created };
}

/**
 * Every folder under root (root included) 0700 and every file without group or other bits (owner bits
 * kept). Returns how many entries were changed (0 when all were the owner's already). Linear in the
 * tree's size; links are not followed.
 */
export function tightenModes(root: string): number {
  let changed = 0;
  for (const { path: entry, stats } of treeEntries(root)) {
    if (stats.isSymbolicLink()) continue;
    const mode = stats.mode & 0o7777;
    if (stats.isDirectory() ? mode !== 0o700 : mode & OTHERS) {
      fs.chmodSync(entry, stats.isDirectory() ? 0o700 : mode & 0o700);
      changed++;
    }
  }
  return changed;
}

// ---------------------------------------------------------------- PGlite on disk, owner-only

const wrapped = Symbol('vitrine.ownerOnly');

interface EmscriptenNodefs {
  node_ops: { mknod(parent: unknown, name: string, mode: number, dev: number): unknown; setattr(node: unknown, attr: { mode?: number }): void };
  stream_ops: { setattr?(stream: unknown, attr: { mode?: number }): void };
  [wrapped]?: true;
}

/**
 * PostgreSQL asks for 0600 files, but PGlite's file system (Emscripten's NODEFS) creates and chmods the files
 * it unpacks and the ones it makes with 0666 whatever the umask (chmod ignores it), so a WAL holding live
 * session tokens was readable by every local user. This keeps the permission bits of every create and
 * chmod to the owner's (file type bits untouched).
 */
function ownerOnlyModes(module: { NODEFS?: EmscriptenNodefs }) {
  const nodefs = module.NODEFS;
  if (!nodefs || nodefs[wrapped]) return;
  nodefs[wrapped] = true;
  const clamp = (mode: number) => mode & ~OTHERS;
  const { mknod, setattr } = nodefs.node_ops;
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod.call(nodefs.node_ops, parent, name, clamp(mode), dev);
  nodefs.node_ops.setattr = (node, attr) => setattr.call(nodefs.node_ops, node, attr.mode === undefined ? attr : { ...attr, mode: clamp(attr.mode) });
  const streamSetattr = nodefs.stream_ops.setattr;
  if (streamSetattr) {
    nodefs.stream_ops.setattr = (stream, attr) =>
      streamSetattr.call(nodefs.stream_ops, stream, attr.mode === undefined ? attr : { ...attr, mode: clamp(attr.mode) });
  }
}

class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    // NodeFS makes its root with mkdirSync's default 0777 (less the umask).
    if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

  override async init(pg: Parameters<NodeFS['init']>[0], opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = (result.emscriptenOpts.preRun ?? []) as Array<(module: unknown) => void>;
    return {
      emscriptenOpts: { ...result.emscriptenOpts, preRun: [(module: unknown) => ownerOnlyModes(module as { NODEFS?: EmscriptenNodefs }), ...preRun] },
    };
  }
}

/**
 * The contrib extensions every PGlite of the app loads, at every start: the migrations create pg_trgm (Clientes'
 * trigram indexes, migration 0019), and a database holding those indexes cannot be written or searched without it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's settings in PGlite beyond PGlite's own: a 16 MB buffer cache instead of PostgreSQL's 128 MB. PGlite's
 * memory is WebAssembly memory, which grows as pages are touched and never shrinks, so the 128 MB cache was most
 * of the server's resident memory once a shop had been read for a while (a demo shop's whole database is 24 MB on
 * disk; docs/benchmarks.md, "Resident memory").
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PGlite on a folder on disk, every file it writes the owner's only (0600, folders 0700). */
export function openPgliteOnDisk(dir: string, options: Omit<PGliteOptions, 'dataDir' | 'fs'> = {}): Promise<PGlite> {
  return PGlite.create({
    startParams: PGLITE_START_PARAMS,
    ...options,
    extensions: { ...PGLITE_EXTENSIONS, ...options.extensions },
    fs: new OwnerOnlyNodeFS(dir),
  });
}
