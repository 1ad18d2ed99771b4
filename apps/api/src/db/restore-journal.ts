// The swap at the end of a restore, made crash-safe. A backup is unpacked and checked in a staging folder
// inside DATA_DIR (same disk: moving is a rename) while the shop's data stays where it is. Then a journal
// is written (atomically: temporary file, fsync, rename), and the entries are swapped one by one: the
// current one into a folder kept aside, the backup's into place. Whatever stops the process from then on,
// the next start (or restore, or backup) finds the journal and finishes the swap, since everything it
// needs is already on disk; without a journal, a staging folder is an unfinished restore and is dropped.
// So the shop is either as it was or wholly restored, never without a database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { treeEntries } from './file-tree.ts';

export const JOURNAL_FILE = '.restore-journal.json';
const STAGING_PREFIX = '.restore-';
const PREVIOUS_PREFIX = '.previous-';

/** Whether an entry of DATA_DIR belongs to a restore under way (not to the shop). */
export const isRestoreEntry = (name: string) => name === JOURNAL_FILE || name.startsWith(STAGING_PREFIX) || name.startsWith(PREVIOUS_PREFIX);

interface Journal {
  format: 'vitrine-restore';
  staging: string;
  previous: string;
  /** DATA_DIR's entries the restore replaces; `staged`: the backup has one (otherwise the current one goes). */
  entries: Array<{ name: string; staged: boolean }>;
}

/** A staging folder for a restore, inside DATA_DIR (0700). */
export function makeStagingDir(dataDir: string): string {
  return fs.mkdtempSync(path.join(dataDir, STAGING_PREFIX));
}

export function fsyncPath(file: string) {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Every file and folder under root on disk (what PGlite wrote without a sync, for one). */
export function fsyncTree(root: string) {
  for (const { path: entry, stats } of treeEntries(root)) if (!stats.isSymbolicLink()) fsyncPath(entry);
}

/** A small file written whole or not at all: temporary file, fsync, rename, fsync of the folder. */
export function writeFileAtomic(file: string, content: string) {
  const partial = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(partial, content, { mode: 0o600, flag: 'wx' });
  fsyncPath(partial);
  fs.renameSync(partial, file);
  fsyncPath(path.dirname(file));
}

export interface SwapHooks {
  /** Called after each rename of the swap (tests stop here to play a crash). */
  afterRename?: (step: number) => void;
}

/**
 * Replaces `entries` of DATA_DIR by those of the staging folder, which must be complete and on disk.
 * Returns once the swap is done and the old entries are deleted.
 */
export function commitRestore(dataDir: string, staging: string, entries: readonly string[], hooks: SwapHooks = {}) {
  const previous = fs.mkdtempSync(path.join(dataDir, PREVIOUS_PREFIX));
  const journal: Journal = {
    format: 'vitrine-restore',
    staging: path.basename(staging),
    previous: path.basename(previous),
    entries: entries.map((name) => ({ name, staged: fs.existsSync(path.join(staging, name)) })),
  };
  fsyncPath(dataDir);
  writeFileAtomic(path.join(dataDir, JOURNAL_FILE), `${JSON.stringify(journal)}\n`);
  applyJournal(dataDir, journal, hooks);
}

/**
 * Finishes a restore a crash interrupted (its journal is there), or drops the staging folders of one that
 * never reached its journal. Called with the data directory's lock held, before the database is opened.
 * Returns true when it finished a swap.
 */
export function completePendingRestore(dataDir: string): boolean {
  const journalFile = path.join(dataDir, JOURNAL_FILE);
  let journal: Journal | null = null;
  try {
    journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      // A journal is renamed into place whole, so an unreadable one is not ours to act on.
      throw new Error(`O registro de restauração ${journalFile} está ilegível; confira a pasta antes de iniciar.`, { cause: error });
    }
  }
  if (journal) {
    applyJournal(dataDir, journal);
    return true;
  }
  for (const name of fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []) {
    if (name.startsWith(STAGING_PREFIX) || name.startsWith(PREVIOUS_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
  return false;
}

/** Idempotent: run again after a crash at any point, it ends in the same place. */
function applyJournal(dataDir: string, journal: Journal, hooks: SwapHooks = {}) {
  let step = 0;
  const move = (from: string, to: string) => {
    fs.renameSync(from, to);
    hooks.afterRename?.(++step);
  };
  const staging = path.join(dataDir, journal.staging);
  const previous = path.join(dataDir, journal.previous);
  fs.mkdirSync(previous, { recursive: true, mode: 0o700 });
  for (const { name, staged } of journal.entries) {
    const live = path.join(dataDir, name);
    const incoming = path.join(staging, name);
    const incomingThere = staged && fs.existsSync(incoming);
    // Until the backup's entry has moved in, what is live is the shop's old one: aside with it.
    if ((incomingThere || !staged) && fs.existsSync(live) && !fs.existsSync(path.join(previous, name))) move(live, path.join(previous, name));
    if (incomingThere) move(incoming, live);
  }
  fsyncPath(dataDir);
  fs.rmSync(path.join(dataDir, JOURNAL_FILE), { force: true });
  fsyncPath(dataDir);
  fs.rmSync(previous, { recursive: true, force: true });
  fs.rmSync(staging, { recursive: true, force: true });
}
