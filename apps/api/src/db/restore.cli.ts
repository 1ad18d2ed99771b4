// `npm run db:restore -- --in FILE [--force]`: a backup made by db:backup put back into DATA_DIR; a
// directory that is not empty is replaced only with --force. Compiled to apps/api/dist/db-restore.mjs.
import { restoreDataDir } from './backup.ts';
import { runMaintenanceCommand } from './maintenance-cli.ts';

await runMaintenanceCommand({
  usage: 'npm run db:restore -- --in ARQUIVO.tar.gz [--force]',
  fileOption: 'in',
  async run(env, input, { force }) {
    const summary = await restoreDataDir({ dataDir: env.DATA_DIR, input, force });
    return (
      `Backup de ${new Date(summary.createdAt).toLocaleString('pt-BR', { timeZone: 'UTC' })} (UTC) restaurado em ${env.DATA_DIR} ` +
      `(${summary.uploadedFiles} arquivo(s) enviado(s)). O servidor aplica as migrações pendentes ao iniciar.`
    );
  },
});
