import type { FastifyInstance } from 'fastify';
import { healthContract, type Readiness } from '@vitrine/domain/health.contract';
import { migrationState, type DatabaseHandle } from '../../db/client.ts';
import { route } from '../../shared/route.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';

/** Each check gets this long: a hung database or bucket makes the answer "not ready", never a hang. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = Readiness['checks']['database'];

async function timed<T>(work: () => Promise<T>, failure: string): Promise<Check & { value?: T }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      work(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
    return { status: 'ok', latencyMs: Math.round((performance.now() - started) * 10) / 10, value };
  } catch {
    return { status: 'failed', message: failure };
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance, { database, storage }: { database: DatabaseHandle; storage: FileStorage }) {
  // Liveness: the process answers (and says how the database is); restarting it would not help a database outage.
  route(app, healthContract.health, {}, async (_request, reply) => {
    const started = performance.now();
    const up = await Promise.race([database.ping().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000).unref())]).catch(
      () => false,
    );
    const body = {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: {
        kind: database.kind,
        status: up ? ('up' as const) : ('down' as const),
        ...(up ? { latencyMs: Math.round((performance.now() - started) * 10) / 10 } : {}),
      },
      uptimeSeconds: Math.round(process.uptime()),
    };
    reply.header('cache-control', 'no-store');
    return reply.status(up ? 200 : 503).send(body);
  });

  // Readiness: whether a proxy or orchestrator should send this instance traffic now.
  route(app, healthContract.ready, {}, async (request, reply) => {
    const [db, migrations, files] = await Promise.all([
      timed(() => database.ping(), 'O banco de dados não respondeu.'),
      timed(() => migrationState(database.db), 'Não foi possível ler as migrações aplicadas.'),
      timed(
        () => storage.probe(),
        storage.driver === 's3' ? 'O bucket S3 não respondeu ou não está acessível.' : 'A pasta de arquivos não existe ou não aceita escrita.',
      ),
    ]);
    const { value: state, ...migrationCheck } = migrations;
    const migrationsReady: Readiness['checks']['migrations'] =
      state && state.pending > 0
        ? {
            status: 'failed',
            message: state.pending === 1 ? 'Falta 1 migração do banco.' : `Faltam ${state.pending} migrações do banco.`,
            applied: state.applied,
            expected: state.expected,
          }
        : { ...migrationCheck, ...(state ? { applied: state.applied, expected: state.expected } : {}) };
    const { value: _ping, ...databaseCheck } = db;
    const { value: _probe, ...storageCheck } = files;
    const checks: Readiness['checks'] = { database: databaseCheck, migrations: migrationsReady, storage: { ...storageCheck, driver: storage.driver } };
    const ready = Object.values(checks).every((check) => check.status === 'ok');
    if (!ready) request.log.warn({ checks }, 'instância não está pronta');
    reply.header('cache-control', 'no-store');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
