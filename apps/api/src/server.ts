// Starts the API and the web app: listen + graceful shutdown, nothing else.
import './v8-flags.ts';
import net from 'node:net';
import { setTimeout as delay, setImmediate } from 'node:timers/promises';
import { EnvError, loadEnv, publicUrlMissing } from './config/env.ts';
import { nodeRuntime } from './config/runtime.ts';
import { openDatabase } from './db/client.ts';
import { DataDirDamagedError } from './db/data-dir.ts';
import { DataDirLockedError, LOCK_STALE_MS } from './db/lock.ts';

const startedAt = performance.now();

/** How long a shutdown may take before the process exits with an error. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** After the deadline, how long closing the database may take before the process exits without it. */
const FORCED_CLOSE_MS = 3_000;
/** How long the port stays open after the signal, for connections that were already on their way. */
const SHUTDOWN_GRACE_MS = 250;

/** A PUBLIC_URL that is not this machine's own (a shop others reach). */
function isPublicAddress(url: string | undefined): boolean {
  if (!url) return false;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host));
}

/** A start-up problem the operator can fix; printed as is, without a stack. */
class StartupError extends Error {}

const portTaken = (port: number) => new StartupError(`A porta ${port} já está em uso. Pare o outro processo ou defina outra porta com PORT.`);

/** A taken port is said at once, before the database is opened, migrated and seeded. */
async function assertPortFree(port: number, host: string) {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? portTaken(port) : error));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** How long each step of the start took, in ms (logged with 'Vitrine no ar'). */
const phasesMs: Record<string, number> = {};
const timed = async <T>(name: string, work: Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work;
  phasesMs[name] = Math.round(performance.now() - started);
  return result;
};

async function main() {
  const env = loadEnv();
  // What the server writes (the embedded database, uploads, the session secret) is its owner's only.
  process.umask(0o077);
  await assertPortFree(env.PORT, env.HOST);
  // The database opens (PGlite compiles its WebAssembly off the main thread, reads its files) while the
  // rest of the server's code loads: the app's modules are imported only now, beside it.
  const opening = timed(
    'database',
    openDatabase(
      env.DATABASE_URL
        ? { databaseUrl: env.DATABASE_URL }
        : {
            dataDir: env.DATA_DIR,
            lock: {
              onWait: () =>
                console.error(
                  `O diretório de dados ${env.DATA_DIR} está bloqueado: aguardando até ${LOCK_STALE_MS / 1000} s para saber se o processo que o bloqueou ` +
                    'ainda está ativo (um servidor que parou sem encerrar libera o bloqueio nesse prazo).',
                ),
            },
          },
    ),
  );
  // Without a handler until it is awaited, a failed open would be reported as unhandled.
  opening.catch(() => undefined);
  const [{ buildApp }, { seedDatabase }, { createStorageFromEnv }] = await timed(
    'modules',
    Promise.all([import('./app.ts'), import('./db/seed.ts'), import('./shared/storage/storage-from-env.ts')]),
  );
  const storage = await timed('storage', createStorageFromEnv(env));
  const database = await opening.catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const app = await timed('app', buildApp({ env, database, storage }));
  app.addHook('onClose', () => storage.close());
  // The embedded database syncs nothing to disk (decision 0019): a shop in production is told so at every start.
  if (database.kind === 'pglite' && (env.NODE_ENV === 'production' || isPublicAddress(env.PUBLIC_URL))) {
    app.log.warn(
      { dataDir: env.DATA_DIR },
      'produção no PGlite: gravações confirmadas não vão ao disco com fsync e uma queda de energia pode perdê-las; use PostgreSQL (DATABASE_URL, decisão 0019)',
    );
  }
  // Without PUBLIC_URL the links in e-mails point at this machine's localhost: a shop others reach is told so at every start.
  if (publicUrlMissing(env)) {
    app.log.warn(
      { host: env.HOST, linksTo: `http://localhost:${env.PORT}` },
      'PUBLIC_URL não definido: os links dos e-mails (cadastro, convite, nova senha) apontam para http://localhost e só abrem nesta máquina; defina PUBLIC_URL com o endereço público da loja (https://…)',
    );
  }
  // Node 20 is past its end of life; the server still starts on it until the machines move (decision 0021).
  const runtime = nodeRuntime();
  if (!runtime.supported) app.log.warn({ node: runtime.version }, runtime.message);
  if (database.dataDir?.restoreCompleted) app.log.warn({ dataDir: env.DATA_DIR }, 'restauração interrompida concluída: o banco é o do backup restaurado');
  if (database.dataDir?.tightened) {
    app.log.warn(
      { dataDir: env.DATA_DIR, entries: database.dataDir.tightened },
      'permissões do diretório de dados restritas ao dono (outros usuários da máquina podiam ler arquivos do banco)',
    );
  }
  // The demo goes only where it belongs: the embedded database's first start, or SEED_DEMO=true.
  const seeded = await timed('seed', seedDatabase(database, { demo: env.SEED_DEMO ?? (database.kind === 'pglite' ? 'first-start' : false), storage }));

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    // A service manager that signals the whole process group (systemd's default, Ctrl-C in a terminal)
    // delivers the signal to npm, which passes it on, and to this process: one stop may arrive as two or
    // three signals. Each is one clean stop; the deadline below ends a stop that hangs.
    if (shuttingDown) {
      app.log.info({ signal }, 'sinal repetido: o encerramento já está em andamento');
      return;
    }
    shuttingDown = true;
    app.log.info({ signal }, 'encerrando: aguardando requisições em andamento');
    // A request that never ends must not keep the process alive: past the deadline, the database is
    // closed (what it acknowledged stays written) and the process exits.
    setTimeout(() => {
      app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'encerramento não concluído em 10 s: fechando o banco e saindo à força');
      const forced = setTimeout(() => process.exit(1), FORCED_CLOSE_MS);
      database.close().finally(() => {
        clearTimeout(forced);
        process.exit(1);
      });
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      // Connections the kernel had already queued for us when the signal came are still accepted and
      // answered (with Connection: close) for a moment before the port closes.
      app.server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
      await delay(SHUTDOWN_GRACE_MS);
      for (let turn = 0; turn < 3; turn++) await setImmediate();
      // Requests already received finish first; the database closes only after the last one.
      await app.close();
      await database.close();
      app.log.info('servidor encerrado');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'falha ao encerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await timed('listen', app.listen({ port: env.PORT, host: env.HOST })).catch(async (error: NodeJS.ErrnoException) => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    // Taken while the database was being prepared.
    if (error.code === 'EADDRINUSE') throw portTaken(env.PORT);
    throw error;
  });
  app.log.info(
    {
      address,
      database: database.kind === 'pglite' ? `PGlite em ${env.DATA_DIR}` : 'PostgreSQL',
      seeded,
      startupMs: Math.round(performance.now() - startedAt),
      // Since the process began (Node's own start and the entry's modules included).
      sinceProcessStartMs: Math.round(performance.now()),
      phasesMs,
    },
    'Vitrine no ar',
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof DataDirDamagedError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('Falha ao iniciar o servidor:', error);
  }
  process.exit(1);
});
