// `npm run bench:growth`: how the admin's heaviest reads grow with their data. The dashboard over
// site access events (1k, 10k, 100k), the apps list searched and sorted (100, 1k, 10k apps) and the
// webhook delivery log filtered (1k, 10k, 100k deliveries): median and p95 of 15 requests after 3
// warm-ups, through the real app (inject), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// where the plans of the reads' main queries are printed at 100× (EXPLAIN ANALYZE). Prints Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { adminEnv, signInAsAdmin } from '../apps/api/src/modules/access/access.test-support.ts';
import { testEnv } from '../apps/api/test/app.ts';
import { freshPostgresDatabase } from './support.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SCALES = [1, 10, 100];
const RUNS = 15;
const WARMUP = 3;

const READS = [
  { name: 'Dashboard, 30 days', table: 'site_access_events', rows: (scale: number) => 1_000 * scale, url: '/api/admin/dashboard?days=30' },
  { name: 'Apps, searched', table: 'apps', rows: (scale: number) => 100 * scale, url: '/api/admin/apps?search=bench%2077&sort=name&pageSize=20' },
  { name: 'Apps, sorted by name, page 3', table: 'apps', rows: (scale: number) => 100 * scale, url: '/api/admin/apps?sort=name&order=desc&page=3&pageSize=20' },
  {
    name: 'Deliveries, failed',
    table: 'webhook_deliveries',
    rows: (scale: number) => 1_000 * scale,
    url: '/api/admin/webhook-deliveries?status=failed&pageSize=20',
  },
  {
    name: 'Deliveries, shortcut source, page 2',
    table: 'webhook_deliveries',
    rows: (scale: number) => 1_000 * scale,
    url: '/api/admin/webhook-deliveries?source=shortcut&page=2&pageSize=20',
  },
] as const;

/** Adds rows until each table holds its count for the scale (events spread over a year, apps named 'bench N'). */
async function grow(database: DatabaseHandle, scale: number) {
  const { db } = database;
  const count = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  const events = 1_000 * scale - (await count('site_access_events'));
  if (events > 0) {
    await db.execute(sql`
      insert into site_access_events (path, source, session_id, created_at)
      select '/pagina-' || (g % 40), (array['direct','google.com','instagram.com','facebook.com'])[1 + g % 4], 'sessao-' || (g % 5000),
             now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, ${events}::int) as g`);
  }
  const apps = 100 * scale - (await count(`apps where name like 'bench %'`));
  if (apps > 0) {
    const start = await count(`apps where name like 'bench %'`);
    await db.execute(
      sql`insert into apps (name, category) select 'bench ' || g, 'streaming' from generate_series(${start + 1}::int, ${start + apps}::int) as g`,
    );
  }
  const deliveries = 1_000 * scale - (await count('webhook_deliveries'));
  if (deliveries > 0) {
    await db.execute(sql`insert into webhook_endpoints (url, secret) values ('https://bench.example/hook', 'whsec_bench') on conflict (url) do nothing`);
    const start = await count('webhook_deliveries');
    await db.execute(sql`
      insert into webhook_deliveries (message_id, endpoint_id, event, source, url, payload, status, attempts, created_at)
      select 'msg_bench_' || g, (select id from webhook_endpoints where url = 'https://bench.example/hook'), 'bench.event',
             (array['shortcut','credit_order','test'])[1 + g % 3], 'https://bench.example/hook', '{}'::jsonb,
             (array['delivered','delivered','delivered','failed','pending'])[1 + g % 5], 1 + g % 3, now() - (g % 90) * interval '1 day'
      from generate_series(${start + 1}::int, ${start + deliveries}::int) as g`);
  }
  await db.execute(sql`analyze`);
}

const plans: string[] = [];
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** The main query of each read, as the API runs it, for EXPLAIN on PostgreSQL at the largest scale. */
const PLANS = [
  {
    name: 'Dashboard visits per day, 30 days',
    sql: `select (created_at at time zone 'America/Sao_Paulo')::date as day, count(*) from site_access_events
          where created_at >= (((now() at time zone 'America/Sao_Paulo')::date - 29)::timestamp at time zone 'America/Sao_Paulo') group by 1`,
  },
  { name: 'Apps sorted by name, page 3', sql: `select * from apps order by name desc limit 20 offset 40` },
  { name: 'Deliveries, failed, first page', sql: `select * from webhook_deliveries where status = 'failed' order by created_at desc, id desc limit 20` },
  { name: 'Deliveries, failed, total', sql: `select count(*) from webhook_deliveries where status = 'failed'` },
];

async function run(kind: 'PGlite' | 'PostgreSQL') {
  let database: DatabaseHandle;
  let stats: pg.Client | null = null;
  if (kind === 'PostgreSQL') {
    const url = await freshPostgresDatabase(postgresUrl!, 'vitrine_bench_growth');
    database = await openDatabase({ databaseUrl: url });
    stats = new pg.Client({ connectionString: url });
    await stats.connect();
  } else {
    database = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-growth-')) });
  }
  const app = await buildApp({ env: testEnv({ ...adminEnv, PUBLIC_CACHE: 'false' }), database, jobs: false });
  await app.ready();
  const cookie = await signInAsAdmin(app);
  const rows: string[] = [];
  for (const scale of SCALES) {
    await grow(database, scale);
    for (const read of READS) {
      for (let i = 0; i < WARMUP; i += 1) await app.inject({ url: read.url, headers: { cookie } });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        const response = await app.inject({ url: read.url, headers: { cookie } });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${read.url}: ${response.statusCode} ${response.body}`);
      }
      rows.push(
        `| ${kind} | ${read.name} | ${read.rows(scale).toLocaleString('en')} ${read.table} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`,
      );
      console.error(rows.at(-1));
    }
  }
  if (stats) {
    for (const plan of PLANS) {
      const { rows: lines } = await stats.query<{ 'QUERY PLAN': string }>(`explain analyze ${plan.sql}`);
      plans.push(`${plan.name}:`, ...lines.map((line) => `    ${line['QUERY PLAN']}`), '');
    }
  }
  await app.close();
  await stats?.end();
  await database.close();
  return rows;
}

const rows = [...(await run('PGlite')), ...(postgresUrl ? await run('PostgreSQL') : [])];
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n`,
);
console.log('| Database | Read | Rows | p50 | p95 |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
if (plans.length) console.log(`\nPlans on PostgreSQL at the largest scale:\n\n${plans.join('\n')}`);
