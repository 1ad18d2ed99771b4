// What the database commands (db:backup, db:restore) share: their arguments, the environment read like
// the server's, and one way of failing — a readable message and exit code 1.
import { parseArgs } from 'node:util';
import { EnvError, loadEnv, type Env } from '../config/env.ts';
import { BackupError } from './backup.ts';

interface Command {
  usage: string;
  /** The option that names the file (--out, --in). */
  fileOption: string;
  run(env: Env, file: string, flags: { force: boolean }): Promise<string>;
}

export async function runMaintenanceCommand(command: Command) {
  try {
    let file: string | undefined;
    let force = false;
    try {
      const { values } = parseArgs({
        options: { [command.fileOption]: { type: 'string' }, force: { type: 'boolean' } },
        strict: true,
        allowPositionals: false,
      });
      file = values[command.fileOption] as string | undefined;
      force = values.force === true;
    } catch {
      file = undefined;
    }
    if (!file) throw new BackupError(`Uso: ${command.usage}`);
    const env = loadEnv();
    if (env.DATABASE_URL) {
      throw new BackupError(
        'DATABASE_URL está definido: o banco é PostgreSQL, cujo backup se faz com pg_dump e pg_restore ' +
          '(veja docs/operations.md, "Backups e restauração").',
      );
    }
    console.log(await command.run(env, file, { force }));
  } catch (error) {
    if (error instanceof BackupError || error instanceof EnvError) console.error(error.message);
    else console.error('Falha inesperada:', error);
    process.exitCode = 1;
  }
}
