// `npm run db:backup -- --out FILE`: the embedded database of DATA_DIR, its uploaded files and its
// session secret in one .tar.gz. Compiled to apps/api/dist/db-backup.mjs.
import { backupDataDir } from './backup.ts';
import { runMaintenanceCommand } from './maintenance-cli.ts';

const megabytes = (bytes: number) => (bytes / 2 ** 20).toLocaleString('pt-BR', { maximumFractionDigits: 1 });

await runMaintenanceCommand({
  usage: 'npm run db:backup -- --out ARQUIVO.tar.gz',
  fileOption: 'out',
  async run(env, out) {
    const summary = await backupDataDir({ dataDir: env.DATA_DIR, out });
    const lines = [`Backup salvo em ${summary.file} (banco: ${megabytes(summary.databaseBytes)} MB, ${summary.uploadedFiles} arquivo(s) enviado(s)).`];
    if (env.STORAGE_DRIVER === 's3') {
      lines.push(`Os arquivos enviados ficam no bucket S3 "${env.S3_BUCKET}" e não entram neste backup: copie o bucket à parte.`);
    }
    return lines.join('\n');
  },
});
