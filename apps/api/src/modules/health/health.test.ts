import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { startS3Server } from '../../../test/s3-server.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is unreachable', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    await other.app.close();
  });
});

describe('readiness', { timeout: 120_000 }, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('is ready when the database answers, every migration is applied and the storage is writable', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ready',
      checks: { database: { status: 'ok' }, migrations: { status: 'ok' }, storage: { status: 'ok', driver: 'disk' } },
    });
    expect(body.checks.migrations.applied).toBe(body.checks.migrations.expected);
    expect(body.checks.migrations.expected).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the migration that is missing', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    // As if this build shipped a migration the database has not run yet.
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { status: 'ok' }, migrations: { status: 'failed', message: 'Falta 1 migração do banco.' }, storage: { status: 'ok' } },
    });
  });

  it('answers 503 when the storage folder cannot be written', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    fs.rmSync(path.join(t.env.DATA_DIR, 'uploads'), { recursive: true, force: true });
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not_ready',
      checks: { storage: { status: 'failed', driver: 'disk', message: 'A pasta de arquivos não existe ou não aceita escrita.' } },
    });
  });

  it('answers 503 when the database is unreachable', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.app.close());
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: { status: 'failed', message: 'O banco de dados não respondeu.' }, migrations: { status: 'failed' } },
    });
  });

  it('checks an S3 bucket with one HEAD request, and says when it is not there', async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const t = await buildTestApp({ env: s3.env });
    cleanups.push(() => t.close());
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { storage: { status: 'ok', driver: 's3' } } });

    const missing = await buildTestApp({ env: { ...s3.env, S3_BUCKET: 'balde-que-nao-existe' } });
    cleanups.push(() => missing.close());
    const response = await missing.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      checks: { storage: { status: 'failed', driver: 's3', message: 'O bucket S3 não respondeu ou não está acessível.' } },
    });
  });
});
