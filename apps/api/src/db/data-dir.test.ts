// The embedded database's data directory as a shop owner meets it: a damaged one is refused at start and
// left untouched, its files and backups are the owner's only, its lock survives a crash and keeps a second
// server out, a restore is all or nothing, and one stop signal is one clean stop.
// PGlite only (a PostgreSQL database has no data directory of ours): the api-pg project skips this file.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../test/command.ts';
import { tempDir, testDbKind } from '../../test/database.ts';
import { runServerUntilExit, startServerProcess } from '../../test/server-process.ts';
import { readShop, shopDataDir as shop, SHOP_UPLOAD } from '../../test/shop-data-dir.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { openDatabase } from './client.ts';
import { DataDirDamagedError } from './data-dir.ts';
import { acquireDataDirLock, DataDirLockedError, HOLDER_FILE, LOCK_DIR, LOCK_STALE_MS } from './lock.ts';
import { JOURNAL_FILE } from './restore-journal.ts';

const shopDataDir = (greeting = 'Olá da loja') => shop(greeting);
const greetingOf = async (dataDir: string) => (await readShop(dataDir)).rows;

/** Every file's path and content hash, and every folder: what "nothing was written or moved" compares. */
function treeDigest(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const info = fs.lstatSync(full);
      hash.update(path.relative(root, full)).update('\0');
      if (info.isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
    }
  };
  walk(root);
  return hash.digest('hex');
}

function copyOf(dataDir: string): string {
  const copy = path.join(tempDir(), 'loja');
  fs.cpSync(dataDir, copy, { recursive: true });
  return copy;
}

function overwrite(file: string, offset: number, bytes: number) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, randomBytes(bytes), 0, bytes, offset);
  fs.closeSync(fd);
}

const walSegment = (dataDir: string) => {
  const dir = path.join(dataDir, 'pglite', 'pg_wal');
  return path.join(
    dir,
    fs.readdirSync(dir).find((name) => /^[0-9A-F]{24}$/.test(name))!,
  );
};

/** Entries under root that another user could read, write or enter. */
function openToOthers(root: string): string[] {
  const loose: string[] = [];
  const walk = (entry: string) => {
    const info = fs.lstatSync(entry);
    if (info.isSymbolicLink()) return;
    if (info.mode & 0o077) loose.push(`${path.relative(root, entry) || '.'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(root);
  return loose;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const NOBODY = 65534;

/** What the user 'nobody' gets reading each file (as root only: the test runs a process as that user). */
async function readAsNobody(files: string[]): Promise<Record<string, string>> {
  const script = `const fs = require('node:fs'); const out = {};
for (const file of JSON.parse(process.argv[1])) { try { fs.readFileSync(file); out[file] = 'lido'; } catch (error) { out[file] = error.code; } }
process.stdout.write(JSON.stringify(out));`;
  return new Promise((resolve, reject) => {
    let stdout = '';
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(files)], { uid: NOBODY, gid: NOBODY, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(JSON.parse(stdout) as Record<string, string>));
  });
}

/** A folder every user may enter, so that only the modes of what the shop writes inside it decide. */
function openParent(): string {
  const parent = tempDir('vitrine-perm-');
  fs.chmodSync(parent, 0o755);
  return parent;
}

describe.skipIf(testDbKind() === 'postgres')('a data directory that cannot be opened is refused, never initialised over', { timeout: 240_000 }, () => {
  const damages: Array<{ name: string; problem: string; damage(dataDir: string): () => void }> = [
    {
      name: 'PG_VERSION removed',
      problem: 'falta o arquivo pglite/PG_VERSION',
      damage(dataDir) {
        const file = path.join(dataDir, 'pglite', 'PG_VERSION');
        const content = fs.readFileSync(file);
        fs.rmSync(file);
        return () => fs.writeFileSync(file, content, { mode: 0o600 });
      },
    },
    {
      name: 'the pglite/ folder missing (a wrong mount, a typo)',
      problem: 'falta a pasta pglite/ (o banco), mas o diretório guarda dados de uma loja (auth-secret, uploads/)',
      damage(dataDir) {
        const aside = path.join(tempDir(), 'pglite');
        fs.renameSync(path.join(dataDir, 'pglite'), aside);
        return () => fs.renameSync(aside, path.join(dataDir, 'pglite'));
      },
    },
    {
      name: 'a damaged WAL',
      problem: 'o PostgreSQL embutido não conseguiu ler os arquivos do banco',
      damage(dataDir) {
        const file = walSegment(dataDir);
        const content = fs.readFileSync(file);
        overwrite(file, 0, 64 * 1024);
        return () => fs.writeFileSync(file, content);
      },
    },
    {
      name: 'a damaged pg_control',
      problem: 'o PostgreSQL embutido não conseguiu ler os arquivos do banco',
      damage(dataDir) {
        const file = path.join(dataDir, 'pglite', 'global', 'pg_control');
        const content = fs.readFileSync(file);
        overwrite(file, 0, 512);
        return () => fs.writeFileSync(file, content);
      },
    },
  ];

  it.each(damages)(
    '$name: the start stops with what is wrong and how to restore; nothing is written; repaired, the shop is back',
    async ({ problem, damage }) => {
      const dataDir = copyOf(await shopDataDir());
      const repair = damage(dataDir);
      const before = treeDigest(dataDir);

      const refused = await runServerUntilExit({ DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).not.toContain('Vitrine no ar');
      expect(refused.output).toContain(`O banco de dados embutido em ${dataDir} não pode ser aberto: ${problem}`);
      expect(refused.output).toContain(`DATA_DIR="${dataDir}" npm run db:restore -- --in ARQUIVO.tar.gz --force`);
      // No demo seeded, no database created, no lock left behind: the very same files.
      expect(treeDigest(dataDir)).toBe(before);

      repair();
      expect(await greetingOf(dataDir)).toEqual([{ text: 'Olá da loja' }]);
    },
  );

  it('the same refusal from the functions the commands share (db:seed, db:backup)', async () => {
    const dataDir = copyOf(await shopDataDir());
    fs.rmSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirDamagedError);
    await expect(backupDataDir({ dataDir, out: path.join(tempDir(), 'b.tar.gz') })).rejects.toThrow('falta o arquivo pglite/PG_VERSION');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['auth-secret', 'pglite', 'uploads']);
  });

  it('an empty or new directory is a new shop: created, owner-only', async () => {
    const parent = openParent();
    const dataDir = path.join(parent, 'nova-loja');
    // Empty folders are nothing of a shop: the disk storage makes uploads/.partial at every start, on
    // PostgreSQL installs too, before anyone uploads a file.
    fs.mkdirSync(path.join(dataDir, 'uploads', '.partial'), { recursive: true, mode: 0o700 });
    const database = await openDatabase({ dataDir });
    expect(database.dataDir).toEqual({ created: true, tightened: 0, restoreCompleted: false });
    await database.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

describe.skipIf(testDbKind() === 'postgres')('the files are the owner’s', { timeout: 240_000 }, () => {
  it('after a start and a backup, nothing under DATA_DIR and no backup can be read by another user', async () => {
    const parent = openParent();
    const dataDir = path.join(parent, 'loja');
    // A new shop: PGlite creates its database, the demo's installers go to uploads/, the session secret is made.
    const server = await startServerProcess({ DATA_DIR: dataDir, AUTH_SECRET: '' });
    expect(await server.stop()).toBe(0);
    const archive = path.join(parent, 'backup.tar.gz');
    const backup = await runScript('db-backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);

    expect(openToOthers(dataDir)).toEqual([]);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    // Nothing of the backup's own is left beside it.
    expect(fs.readdirSync(parent).sort()).toEqual(['backup.tar.gz', 'loja']);

    if (isRoot) {
      const uploads = fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).find((entry) => entry.isFile())!;
      const secrets = [walSegment(dataDir), path.join(dataDir, 'auth-secret'), path.join(uploads.parentPath, uploads.name), archive];
      const read = await readAsNobody(secrets);
      expect(Object.values(read)).toEqual(secrets.map(() => 'EACCES'));
    }
  });

  it('a directory left open to others is tightened at start, with one log line', async () => {
    const parent = openParent();
    const dataDir = path.join(parent, 'loja');
    fs.cpSync(await shopDataDir(), dataDir, { recursive: true });
    fs.chmodSync(dataDir, 0o777);
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      fs.chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
    }
    if (isRoot) expect(Object.values(await readAsNobody([walSegment(dataDir)]))).toEqual(['lido']);

    const server = await startServerProcess({ DATA_DIR: dataDir });
    await server.stop();
    const lines = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('permissões do diretório de dados restritas ao dono'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).entries).toBeGreaterThan(1000);
    expect(openToOthers(dataDir)).toEqual([]);
    if (isRoot) expect(Object.values(await readAsNobody([walSegment(dataDir), path.join(dataDir, 'auth-secret')]))).toEqual(['EACCES', 'EACCES']);
  });
});

describe.skipIf(testDbKind() === 'postgres')('the lock on the data directory', { timeout: 240_000 }, () => {
  it('after kill -9 the shop starts again even when its old PID belongs to another process; a second server is refused, naming the holder', async () => {
    const dataDir = await shopDataDir();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    await first.kill();
    // The crashed server's note says a PID that is alive now (this test's own): a PID file would refuse the start.
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as { pid: number };
    fs.writeFileSync(path.join(dataDir, HOLDER_FILE), JSON.stringify({ ...holder, pid: process.pid }));

    // The second start finds the lock held and watches it. Nothing refreshes it any more, so after LOCK_STALE_MS
    // (12 s) it is stale and taken over. Instead of waiting those seconds, the lock is aged as soon as the server
    // says it waits (it has read the lock's time by then): the time then stands LOCK_STALE_MS and more in the past,
    // as 12 s without a refresh leave it, and the server's next look takes the lock over.
    let aged = false;
    const second = await startServerProcess(
      { DATA_DIR: dataDir },
      {
        onOutput: (output) => {
          if (aged || !output.includes('está bloqueado: aguardando')) return;
          aged = true;
          const old = new Date(Date.now() - LOCK_STALE_MS - 60_000);
          fs.utimesSync(path.join(dataDir, LOCK_DIR), old, old);
        },
      },
    );
    expect(aged).toBe(true);
    expect(second.logs()).toContain('está bloqueado: aguardando');
    // A production start on PGlite says what the embedded database does not promise (decision 0019).
    expect(second.logs()).toContain('produção no PGlite: gravações confirmadas não vão ao disco com fsync');

    const refused = await runServerUntilExit({ DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`O diretório de dados ${dataDir} já está em uso por outro processo (servidor, PID ${second.child.pid} em `);
    expect(refused.output).not.toContain('Vitrine no ar');

    expect(await second.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR))).toBe(false);
    expect(await greetingOf(dataDir)).toEqual([{ text: 'Olá da loja' }]);
  });

  it('a lock whose holder stopped refreshing it is taken over; one that is refreshed is not', async () => {
    const dataDir = tempDir();
    const held = await acquireDataDirLock(dataDir, { command: 'teste' });
    // From this process a second take is refused at once, naming the holder.
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`(teste, PID ${process.pid} em `);
    await held.release();

    // Left behind by a process that died: the lock directory's time stands still.
    fs.mkdirSync(path.join(dataDir, LOCK_DIR));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dataDir, LOCK_DIR), old, old);
    const taken = await acquireDataDirLock(dataDir, { staleMs: 2_000 });
    await taken.release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe.skipIf(testDbKind() === 'postgres')('a restore is all or nothing', { timeout: 480_000 }, () => {
  it('stopped at any rename of the swap, the next start finishes it: the backup, whole', async () => {
    const source = await shopDataDir('do backup');
    const archive = path.join(tempDir(), 'loja.tar.gz');
    await backupDataDir({ dataDir: source, out: archive });

    // pglite, uploads and auth-secret each go aside and then come in: six renames.
    for (let crashAt = 1; crashAt <= 6; crashAt++) {
      const dataDir = await shopDataDir('de hoje');
      fs.rmSync(path.join(dataDir, 'auth-secret'));
      fs.writeFileSync(path.join(dataDir, 'auth-secret'), 'o segredo de hoje, que o backup substitui\n', { mode: 0o600 });
      const crash = new Error(`queda na troca ${crashAt}`);
      await expect(
        restoreDataDir({
          dataDir,
          input: archive,
          force: true,
          hooks: {
            afterRename: (step) => {
              if (step === crashAt) throw crash;
            },
          },
        }),
      ).rejects.toBe(crash);
      expect(fs.existsSync(path.join(dataDir, JOURNAL_FILE))).toBe(true);

      const database = await openDatabase({ dataDir });
      expect(database.dataDir?.restoreCompleted).toBe(true);
      await database.close();
      expect(await greetingOf(dataDir)).toEqual([{ text: 'do backup' }]);
      expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(fs.readFileSync(path.join(source, 'auth-secret'), 'utf8'));
      expect(fs.readFileSync(path.join(dataDir, 'uploads', SHOP_UPLOAD.key)).equals(SHOP_UPLOAD.bytes)).toBe(true);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['auth-secret', 'pglite', 'uploads']);
    }
  });

  it('a backup whose database cannot be read leaves the shop as it was, with nothing of the restore left', async () => {
    const dataDir = await shopDataDir('de hoje');
    const before = treeDigest(dataDir);
    const staging = tempDir();
    fs.writeFileSync(path.join(staging, 'vitrine-backup.json'), JSON.stringify({ format: 'vitrine-backup', version: 1, createdAt: new Date().toISOString() }));
    fs.writeFileSync(path.join(staging, 'pglite.tar'), randomBytes(4096));
    const archive = path.join(tempDir(), 'estragado.tar.gz');
    await tar.create({ file: archive, cwd: staging, gzip: true }, ['vitrine-backup.json', 'pglite.tar']);

    await expect(restoreDataDir({ dataDir, input: archive, force: true })).rejects.toThrow(`O banco de dados dentro do backup ${archive} está corrompido`);
    expect(treeDigest(dataDir)).toBe(before);
    expect(await greetingOf(dataDir)).toEqual([{ text: 'de hoje' }]);
  });
});

describe.skipIf(testDbKind() === 'postgres')('stopping', { timeout: 240_000 }, () => {
  it('a stop signal delivered twice (a process group signalled by a service manager) is one clean stop', async () => {
    const dataDir = await shopDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir });
    server.child.kill('SIGTERM');
    server.child.kill('SIGTERM');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain('sinal repetido: o encerramento já está em andamento');
    expect(server.logs()).toContain('"msg":"servidor encerrado"');
    // The database was closed and the lock released: the next start does not wait for it.
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR))).toBe(false);
    const next = await startServerProcess({ DATA_DIR: dataDir });
    expect(next.logs()).not.toContain('está bloqueado');
    expect(await next.stop()).toBe(0);
  });
});
