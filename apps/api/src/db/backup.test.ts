// db:backup and db:restore on an embedded data directory: the round trip through their functions, and
// what an operator sees from the commands themselves (exit code, message).
// PGlite only: a PostgreSQL database is backed up with pg_dump (docs/operations.md), so the api-pg
// project skips this file.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../test/command.ts';
import { tempDir, testDbKind } from '../../test/database.ts';
import { readShop, shopDataDir as shop, SHOP_SECTION, SHOP_UPLOAD } from '../../test/shop-data-dir.ts';
import { backupDataDir, BackupError, restoreDataDir } from './backup.ts';
import { openDatabase } from './client.ts';
import { siteConfigurations } from './schema.ts';

/** One of the commands, the way `npm run db:backup -- …` runs it (the compiled command), with DATA_DIR set. */
const command = (name: 'backup' | 'restore', dataDir: string, args: string[]) => runScript(`db-${name}`, args, { DATA_DIR: dataDir });

const shopDataDir = () => shop('Olá do backup');

describe.skipIf(testDbKind() === 'postgres')('backups of the embedded database', { timeout: 240_000 }, () => {
  it('a backup restored into an empty directory gives back the rows, the uploaded files and the session secret', async () => {
    const source = await shopDataDir();
    const archive = path.join(tempDir(), 'loja.tar.gz');

    const backup = await backupDataDir({ dataDir: source, out: archive });
    expect(backup).toMatchObject({ file: archive, uploadedFiles: 1 });

    const target = path.join(tempDir(), 'restaurado');
    await restoreDataDir({ dataDir: target, input: archive, force: false });

    const restored = await readShop(target);
    expect(restored.rows).toEqual([{ text: 'Olá do backup' }]);
    expect(restored.file.equals(SHOP_UPLOAD.bytes)).toBe(true);
    expect(fs.readFileSync(path.join(target, 'auth-secret'), 'utf8')).toBe(fs.readFileSync(path.join(source, 'auth-secret'), 'utf8'));
    // Nothing of the restore's own is left behind.
    expect(fs.readdirSync(target).sort()).toEqual(['auth-secret', 'pglite', 'uploads']);
  });

  it('a directory that is not empty is replaced only with --force, and one a server holds is never touched', async () => {
    const source = await shopDataDir();
    const archive = path.join(tempDir(), 'loja.tar.gz');
    await backupDataDir({ dataDir: source, out: archive });
    const target = source;
    const server = await openDatabase({ dataDir: target });
    await server.db
      .update(siteConfigurations)
      .set({ configValue: { text: 'depois do backup' } })
      .where(eq(siteConfigurations.section, SHOP_SECTION));

    // While a server holds the directory, neither command opens it.
    await expect(restoreDataDir({ dataDir: target, input: archive, force: true })).rejects.toThrow(
      `O diretório de dados ${target} está em uso por outro processo (servidor, PID ${process.pid} em `,
    );
    await expect(backupDataDir({ dataDir: target, out: path.join(tempDir(), 'outro.tar.gz') })).rejects.toThrow(
      'pare o servidor, faça o backup e inicie o servidor de novo',
    );
    await server.close();

    // The command as an operator types it: a message in Portuguese and a failing exit code.
    const refused = await command('restore', target, ['--in', archive]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`O diretório de dados ${target} não está vazio`);
    expect(refused.stderr).toContain('--force');
    expect((await readShop(target)).rows).toEqual([{ text: 'depois do backup' }]);

    const forced = await command('restore', target, ['--in', archive, '--force']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`restaurado em ${target}`);
    expect((await readShop(target)).rows).toEqual([{ text: 'Olá do backup' }]);
  });

  it('a file that is not a backup is refused and the directory is left as it was', async () => {
    const target = await shopDataDir();
    const notABackup = path.join(tempDir(), 'fotos.tar.gz');
    fs.writeFileSync(notABackup, 'isto não é um tar');

    await expect(restoreDataDir({ dataDir: target, input: notABackup, force: true })).rejects.toThrow(BackupError);
    await expect(restoreDataDir({ dataDir: target, input: notABackup, force: true })).rejects.toThrow('não é um backup da Vitrine');
    expect((await readShop(target)).rows).toEqual([{ text: 'Olá do backup' }]);
    expect(fs.readdirSync(target).sort()).toEqual(['auth-secret', 'pglite', 'uploads']);
  });

  it('says how to use the command when the file is not given', async () => {
    const result = await command('backup', tempDir(), []);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Uso: npm run db:backup -- --out ARQUIVO.tar.gz');
  });
});
