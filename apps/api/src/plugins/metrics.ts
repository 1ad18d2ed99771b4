// Prometheus metrics: request durations by route pattern and status for every routed request, and gauges
// read on each scrape (jobs, the connection pool, open event streams, the public cache). With a port,
// they are served on a listener of their own (GET /metrics), never on the public one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';
import { mirroredCounter, sharedRead, UNMATCHED_ROUTE, type Metrics } from '../shared/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics & {
      /** The metrics listener's address once the app is ready (undefined when metrics are not served). */
      address(): AddressInfo | undefined;
    };
  }
}

export interface MetricsPluginOptions {
  metrics: Metrics;
  database: DatabaseHandle;
  /** Where to serve GET /metrics; absent: not served (the registry still counts, for tests). */
  listen?: { port: number; host: string };
}

interface JobCounts {
  queued: number;
  scheduled: number;
  running: number;
  failed: number;
  oldestQueuedSeconds: number;
}

/**
 * One statement, each count on its partial index (jobs_due_idx, jobs_lease_idx, jobs_finished_idx): the
 * scrape never reads the whole table. Failed jobs are those still kept (RETAIN_FINISHED_JOBS_DAYS).
 */
async function readJobCounts(database: DatabaseHandle): Promise<JobCounts> {
  const result = await database.db.execute<Record<keyof JobCounts, string | number | null>>(sql`
    select
      (select count(*) from jobs where status = 'queued' and run_at <= now()) as "queued",
      (select count(*) from jobs where status = 'queued' and run_at > now()) as "scheduled",
      (select count(*) from jobs where status = 'running') as "running",
      (select count(*) from jobs where status = 'failed' and finished_at is not null) as "failed",
      (select coalesce(extract(epoch from now() - min(run_at)), 0) from jobs where status = 'queued' and run_at <= now()) as "oldestQueuedSeconds"
  `);
  const row = result.rows[0]!;
  return {
    queued: Number(row.queued),
    scheduled: Number(row.scheduled),
    running: Number(row.running),
    failed: Number(row.failed),
    oldestQueuedSeconds: Number(row.oldestQueuedSeconds ?? 0),
  };
}

export const metricsPlugin = fp<MetricsPluginOptions>(async (app, { metrics, database, listen }) => {
  const { registry } = metrics;
  observeRequestDurations(app, metrics);
  registerJobGauges(registry, database);
  registerDatabaseGauges(registry, database);
  registerEventStreamGauge(app, registry);
  if (app.hasDecorator('publicCache')) registerPublicCacheMetrics(app, registry);

  let server: http.Server | undefined;
  app.decorate('metrics', { ...metrics, address: () => (server?.address() as AddressInfo | null) ?? undefined });
  if (!listen) return;

  app.addHook('onReady', async () => {
    server = await serveMetrics(app, registry, listen);
    const address = server.address() as AddressInfo;
    app.log.info({ address: `http://${address.address}:${address.port}/metrics` }, 'métricas Prometheus no ar');
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
  });
});

// Fastify's route pattern (`/api/plans/:id`), never the URL, or the label a route asks for (the web build's
// files: 'static'): label values stay a bounded set.
function observeRequestDurations(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.config?.metricsRoute ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}

/** The jobs table by state, and the age of the oldest due job: one shared read per scrape. */
function registerJobGauges(registry: Registry, database: DatabaseHandle) {
  const jobCounts = sharedRead(() => readJobCounts(database));
  new Gauge({
    name: 'vitrine_jobs',
    help: 'Tarefas na tabela jobs por estado: queued (vencidas, à espera), scheduled (para depois), running, failed (guardadas)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      // With the database away the scrape still answers (without these series); readiness says why.
      const counts = await jobCounts().catch(() => undefined);
      this.reset();
      if (counts) for (const state of ['queued', 'scheduled', 'running', 'failed'] as const) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: 'vitrine_jobs_oldest_queued_age_seconds',
    help: 'Há quanto tempo espera a tarefa vencida mais antiga (0 sem fila)',
    registers: [registry],
    async collect() {
      const counts = await jobCounts().catch(() => undefined);
      this.reset();
      if (counts) this.set(counts.oldestQueuedSeconds);
    },
  });
}

/** Which database is in use and, on PostgreSQL, its connection pool. */
function registerDatabaseGauges(registry: Registry, database: DatabaseHandle) {
  new Gauge({
    name: 'vitrine_database_info',
    help: 'O banco em uso (1 no rótulo kind)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  const poolStats = database.poolStats?.bind(database);
  if (!poolStats) return;
  new Gauge({
    name: 'vitrine_db_pool_connections',
    help: 'Conexões do pool do PostgreSQL: total abertas, ociosas e o máximo',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'max' }, stats.max);
    },
  });
  new Gauge({
    name: 'vitrine_db_pool_waiting',
    help: 'Consultas esperando uma conexão livre do pool',
    registers: [registry],
    collect() {
      this.set(poolStats().waiting);
    },
  });
}

function registerEventStreamGauge(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'vitrine_event_streams_open',
    help: 'Fluxos de eventos (/api/events) abertos nesta instância',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('events') ? app.events.clientCount : 0);
    },
  });
}

/** The public cache's hits, misses, front-door answers and size, as the cache counts them. */
function registerPublicCacheMetrics(app: FastifyInstance, registry: Registry) {
  const stats = () => app.publicCache.stats();
  mirroredCounter(registry, 'vitrine_public_cache_hits_total', 'Leituras públicas respondidas pela cache (porta da frente incluída)', () => stats().hits);
  mirroredCounter(registry, 'vitrine_public_cache_misses_total', 'Leituras públicas que a cache não tinha', () => stats().misses);
  mirroredCounter(
    registry,
    'vitrine_front_door_responses_total',
    'Respostas dadas pela porta da frente (cache pública antes do Fastify; fora do histograma de duração)',
    () => stats().frontDoorHits,
  );
  new Gauge({
    name: 'vitrine_public_cache_bytes',
    help: 'Bytes guardados na cache pública',
    registers: [registry],
    collect() {
      this.set(stats().bytes);
    },
  });
}

/** GET /metrics on a listener of its own; anything else there is a 404. */
async function serveMetrics(app: FastifyInstance, registry: Registry, listen: { port: number; host: string }): Promise<http.Server> {
  const listener = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Não encontrado. As métricas estão em /metrics.\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) => {
        app.log.warn({ err: error }, 'falha ao coletar as métricas');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Falha ao coletar as métricas.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`A porta de métricas ${listen.port} já está em uso. Defina outra com METRICS_PORT.`) : error),
    );
    listener.listen(listen.port, listen.host, () => resolve());
  });
  return listener;
}
