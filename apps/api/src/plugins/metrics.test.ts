import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testEnv, type TestApp } from '../../test/app.ts';
import { createTestDatabase, tempDir } from '../../test/database.ts';
import { connectSse } from '../../test/sse.ts';
import { waitUntil } from '../../test/wait.ts';
import { buildApp } from '../app.ts';
import { jobs } from '../db/schema.ts';
import { insertPlans, newVisitor, ORIGIN } from '../modules/chat/chat.test-support.ts';
import { EMAIL_JOB } from '../shared/jobs/email.job.ts';
import { enqueueJob } from '../shared/jobs/queue.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function appWithMetrics(options: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  const t = await buildTestApp({ ...options, env: { METRICS_PORT: '0', ...options.env } });
  cleanups.push(() => t.close());
  return t;
}

async function scrape(t: TestApp): Promise<string> {
  const address = t.app.metrics.address();
  if (!address) throw new Error('métricas não estão no ar');
  const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series (name plus its exact label set, as Prometheus prints it), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics', { timeout: 120_000 }, () => {
  it('are served on their own loopback listener, never on the public one, and only when METRICS_PORT is set', async () => {
    const t = await appWithMetrics();
    expect(t.app.metrics.address()).toMatchObject({ address: '127.0.0.1' });
    const text = await scrape(t);
    // Default process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).not.toBe(200);
    const other = await fetch(`http://127.0.0.1:${t.app.metrics.address()!.port}/outra`);
    expect(other.status).toBe(404);

    const off = await buildTestApp();
    cleanups.push(() => off.close());
    expect(off.app.metrics.address()).toBeUndefined();
  });

  it('time requests by route pattern and status, and every unknown URL shares one label', async () => {
    const t = await appWithMetrics();
    await t.app.inject({ method: 'GET', url: '/api/plans' });
    await t.app.inject({ method: 'GET', url: '/api/site-config/geral' });
    await t.app.inject({ method: 'GET', url: '/api/nada-por-aqui-7f3a' });
    await t.app.inject({ method: 'GET', url: '/api/outra-coisa-9c1b?x=1' });
    const text = await scrape(t);
    expect(value(text, 'vitrine_http_request_duration_seconds_count{method="GET",route="/api/plans",status_code="200"}')).toBe(1);
    expect(text).toMatch(/vitrine_http_request_duration_seconds_count\{method="GET",route="\/api\/site-config\/:section",status_code="\d+"\} 1/);
    expect(value(text, 'vitrine_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(2);
    expect(text).not.toContain('nada-por-aqui');
    expect(text).not.toContain('outra-coisa');
  });

  it("label every file of the web build 'static': 50 hashed assets add no series of their own", async () => {
    // A web build whose files have content hashes in their names, as every deploy makes new ones.
    const webDist = tempDir('vitrine-web-');
    cleanups.push(async () => fs.rmSync(webDist, { recursive: true, force: true }));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
    fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\n');
    fs.mkdirSync(path.join(webDist, 'assets'));
    const assets = Array.from({ length: 50 }, (_, index) => `/assets/index-${randomBytes(4).toString('hex')}.${index % 2 ? 'css' : 'js'}`);
    for (const asset of assets) fs.writeFileSync(path.join(webDist, asset), `/* ${asset} */`);

    const t = await appWithMetrics({ env: { WEB_DIST: webDist } });
    for (const asset of assets) expect((await t.app.inject({ method: 'GET', url: asset })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: assets[0]! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    const text = await scrape(t);

    expect(text).not.toContain('/assets/');
    expect(text).not.toContain('robots.txt');
    const series = text.split('\n').filter((line) => line.startsWith('vitrine_http_request_duration_seconds_count{'));
    expect(series.sort()).toEqual([
      'vitrine_http_request_duration_seconds_count{method="GET",route="static",status_code="200"} 51',
      'vitrine_http_request_duration_seconds_count{method="HEAD",route="static",status_code="200"} 1',
    ]);
    // Per series: the 11 buckets, +Inf, the sum and the count.
    expect(text.split('\n').filter((line) => line.startsWith('vitrine_http_request_duration_seconds_'))).toHaveLength(2 * 14);
  });

  it('read the jobs table on each scrape: queued, scheduled, running, failed and the oldest wait', async () => {
    const t = await appWithMetrics();
    const db = t.database.db;
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    await db.insert(jobs).values([
      { kind: 'test.job', payload: {}, runAt: ago(120) },
      { kind: 'test.job', payload: {}, runAt: ago(5) },
      { kind: 'test.job', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
      { kind: 'test.job', payload: {}, status: 'running', lockedBy: 'outro', lockedUntil: new Date(Date.now() + 60_000) },
      { kind: 'test.job', payload: {}, status: 'failed', finishedAt: ago(60) },
      { kind: 'test.job', payload: {}, status: 'succeeded', finishedAt: ago(60) },
    ]);
    const text = await scrape(t);
    expect(value(text, 'vitrine_jobs{state="queued"}')).toBe(2);
    expect(value(text, 'vitrine_jobs{state="scheduled"}')).toBe(1);
    expect(value(text, 'vitrine_jobs{state="running"}')).toBe(1);
    expect(value(text, 'vitrine_jobs{state="failed"}')).toBe(1);
    expect(value(text, 'vitrine_jobs_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(value(text, 'vitrine_jobs_oldest_queued_age_seconds')).toBeLessThan(600);
    expect(value(text, `vitrine_database_info{kind="${t.database.kind}"}`)).toBe(1);
    if (t.database.kind === 'postgres') {
      expect(value(text, 'vitrine_db_pool_connections{state="max"}')).toBe(5);
      expect(value(text, 'vitrine_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'vitrine_db_pool_waiting')).toBe(0);
    } else {
      // PGlite is one in-process connection: there is no pool to report.
      expect(text).not.toContain('vitrine_db_pool_connections');
    }
  });

  it('still answer while the database is away, without the series read from it', async () => {
    const t = await buildTestApp({ env: { METRICS_PORT: '0' } });
    cleanups.push(() => t.app.close());
    await t.database.close();
    const text = await scrape(t);
    expect(text).not.toMatch(/^vitrine_jobs\{/m);
    expect(text).toContain('vitrine_http_request_duration_seconds');
  });

  it('count open event streams, failed e-mail sends and language-model fallbacks', async () => {
    const t = await appWithMetrics({ env: { SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL: 'http://127.0.0.1' }, jobs: { pollIntervalMs: 20 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await connectSse(`${address}/api/events`);
    expect(value(await scrape(t), 'vitrine_event_streams_open')).toBe(1);
    stream.close();
    await waitUntil(async () => value(await scrape(t), 'vitrine_event_streams_open') === 0, { what: 'o fluxo fechado' });

    await enqueueJob(t.database.db, { kind: EMAIL_JOB, payload: { to: 'cliente@vitrine.test', subject: 'Teste', text: 'Olá' }, maxAttempts: 1 });
    await waitUntil(async () => value(await scrape(t), 'vitrine_email_delivery_failures_total') === 1, { what: 'a falha de envio contada' });
  });

  it('count a visitor answer the built-in engine wrote because the model failed, by reason', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      env: testEnv({ METRICS_PORT: '0' }),
      database,
      jobs: false,
      // Nothing listens on port 1: the model fails at once and the built-in engine answers.
      llm: async () => ({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKey: 'k', firstTokenTimeoutMs: 2_000, totalTimeoutMs: 4_000 }),
    });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    await insertPlans(database.db, [{ name: 'Premium', monthly: 40 }]);
    const visitor = await newVisitor(app);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${visitor.conversation.id}/messages`,
      headers: { origin: ORIGIN, cookie: visitor.cookie },
      payload: { text: 'quanto custa o plano premium?' },
    });
    expect(answer.statusCode).toBeLessThan(300);
    const text = await app.metrics.registry.metrics();
    expect(text).toMatch(/^vitrine_llm_fallbacks_total\{reason="[a-z_]+"\} 1$/m);
  });

  it('count public-cache hits, misses and the answers given at the front door (before Fastify)', async () => {
    const t = await appWithMetrics({ env: { PUBLIC_CACHE: 'true' } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await waitUntil(() => t.app.publicCache.stats().listening, { what: 'a cache pública ouvindo' });
    for (let i = 0; i < 3; i++) expect((await fetch(`${address}/api/plans`)).status).toBe(200);
    const text = await scrape(t);
    expect(value(text, 'vitrine_public_cache_misses_total')).toBe(1);
    expect(value(text, 'vitrine_public_cache_hits_total')).toBe(2);
    expect(value(text, 'vitrine_front_door_responses_total')).toBe(2);
    // Front-door answers never reach Fastify's hooks: the histogram saw only the miss.
    expect(value(text, 'vitrine_http_request_duration_seconds_count{method="GET",route="/api/plans",status_code="200"}')).toBe(1);
  });
});
