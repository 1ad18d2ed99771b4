// `npm run bench:customers`: issue 46's two budgets, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
// 1. The renewal sweep over 100,000 subscriptions that all want a reminder (RENEWAL_REMINDER_DAYS=400):
//    its time until every mail is queued (the sweep, then the send jobs it queued; goal: under 10 s), and the p99 of GET /api/plans asked back to back while it runs (it must
//    not block requests), against the same read with nothing else running. BENCH_WHATSAPP=1: the shop has
//    WhatsApp, so each reminder is also queued to the customer's WhatsApp (an outbound row and a send job).
// 2. Clientes at 100,000 customers: a search by name, by e-mail and by WhatsApp digits, and a filter
//    (median and p95 of 20 requests after 3 warm-ups; goal: p95 under 100 ms). Prints Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { jobs } from '../apps/api/src/db/schema.ts';
import { adminEnv, signInAsAdmin } from '../apps/api/src/modules/access/access.test-support.ts';
import { RENEWAL_SEND_JOB, runRenewalSweep, sendRenewalReminders, type RenewalSendPayload } from '../apps/api/src/modules/customers/renewals.job.ts';
import { queueReminderMessages } from '../apps/api/src/modules/whatsapp/whatsapp.usecases.ts';
import { createSettings } from '../apps/api/src/shared/settings.ts';
import { testEnv } from '../apps/api/test/app.ts';
import { freshPostgresDatabase } from './support.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
/** BENCH_WHATSAPP=1: the shop has WhatsApp, so each reminder is queued to the customer's WhatsApp as well as mailed. */
const WHATSAPP = process.env.BENCH_WHATSAPP === '1';
const RUNS = 20;
const WARMUP = 3;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** One customer per subscription, every one with an e-mail and a WhatsApp, ending within the next year. */
async function seed(database: DatabaseHandle) {
  await database.db.execute(sql`
    insert into customers (name, email, whatsapp, created_at)
    select 'Cliente ' || g, 'cliente' || g || '@exemplo.com', '+55119' || lpad(g::text, 8, '0'), now() - (g % 700) * interval '1 hour'
    from generate_series(1, ${CUSTOMERS}::int) as g`);
  await database.db.execute(sql`
    insert into subscriptions (customer_id, plan_name, months, price, starts_on, ends_on, anchor_day)
    select id, 'Premium', 12, 399.90, current_date, current_date + (row_number() over (order by id))::int % 365, 1 from customers`);
  await database.db.execute(sql`analyze`);
}

async function timed(read: () => Promise<{ statusCode: number; body: string }>, runs = RUNS) {
  for (let i = 0; i < WARMUP; i += 1) await read();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const response = await read();
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  }
  return times;
}

async function run(kind: 'PGlite' | 'PostgreSQL') {
  let database: DatabaseHandle;
  if (kind === 'PostgreSQL') {
    const url = await freshPostgresDatabase(postgresUrl!, 'vitrine_bench_customers');
    database = await openDatabase({ databaseUrl: url });
  } else {
    database = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-customers-')) });
  }
  const env = testEnv({ ...adminEnv, PUBLIC_CACHE: 'false', RENEWAL_REMINDER_DAYS: '400' });
  const app = await buildApp({ env, database, jobs: false, housekeeping: false });
  await app.ready();
  const cookie = await signInAsAdmin(app);
  await seed(database);
  const rows: string[] = [];
  const row = (line: string) => {
    rows.push(line);
    console.error(line);
  };

  // Clientes.
  const reads = [
    ['Clientes, search by name', '/api/admin/customers?search=Cliente%2077777'],
    ['Clientes, search by e-mail', '/api/admin/customers?search=cliente4242%40exemplo'],
    ['Clientes, search by WhatsApp digits', `/api/admin/customers?search=${encodeURIComponent('(11) 90001-2345')}`],
    ['Clientes, filter vence em 7 dias', '/api/admin/customers?filter=expiring'],
    ['Clientes, first page', '/api/admin/customers'],
    ['Clientes, figures', '/api/admin/customers/figures'],
  ] as const;
  for (const [name, url] of reads) {
    const times = await timed(() => app.inject({ url, headers: { cookie } }));
    row(`| ${kind} | ${name} | ${CUSTOMERS.toLocaleString('en')} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms |`);
  }

  // The sweep, with /api/plans asked back to back meanwhile: first with the default window (the
  // subscriptions ending in the next 5 days want a reminder), then with every subscription due (400 days).
  const idle = await timed(() => app.inject({ url: '/api/plans' }), 200);
  for (const reminderDays of [5, 400]) {
    let sweeping = true;
    const during: number[] = [];
    const reader = (async () => {
      while (sweeping) {
        const started = performance.now();
        await app.inject({ url: '/api/plans' });
        during.push(performance.now() - started);
        // A request from the network arrives as I/O: the next one waits for the event loop, as it would.
        await setImmediate();
      }
    })();
    const started = performance.now();
    const recorded = await runRenewalSweep({
      db: database.db,
      now: new Date(),
      policy: { reminderDays },
      whatsapp: WHATSAPP,
      ...(process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {}),
    });
    const swept = (performance.now() - started) / 1000;
    // The send jobs the sweep queued (one per page), one after the other as one runner's worker would take them.
    const settings = createSettings({ db: database.db, env });
    let mails = 0;
    for (;;) {
      const [job] = await database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, RENEWAL_SEND_JOB), eq(jobs.status, 'queued')))
        .limit(1);
      if (!job) break;
      mails += await sendRenewalReminders({
        db: database.db,
        now: new Date(),
        publicOrigin: 'https://loja.example',
        settings,
        reminderIds: (job.payload as RenewalSendPayload).reminders,
        ...(WHATSAPP ? { whatsapp: queueReminderMessages } : {}),
      });
      await database.db.update(jobs).set({ status: 'succeeded', finishedAt: new Date() }).where(eq(jobs.id, job.id));
      await setImmediate();
    }
    const seconds = (performance.now() - started) / 1000;
    sweeping = false;
    await reader;
    row(
      `| ${kind} | Renewal sweep, RENEWAL_REMINDER_DAYS=${reminderDays} | ${CUSTOMERS.toLocaleString('en')} subscriptions | ${seconds.toFixed(1)} s (sweep ${swept.toFixed(1)} s, send jobs ${(seconds - swept).toFixed(1)} s), ${recorded.toLocaleString('en')} reminders, ${mails.toLocaleString('en')} reminders sent${WHATSAPP ? ' (each a mail and a WhatsApp message)' : ' (mails)'} | /api/plans p99 ${percentile(during, 99).toFixed(1)} ms during (${during.length} requests), ${percentile(idle, 99).toFixed(1)} ms idle |`,
    );
  }
  await app.close();
  await database.close();
  return rows;
}

const rows = [...(await run('PGlite')), ...(postgresUrl ? await run('PostgreSQL') : [])];
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n`,
);
console.log('| Database | What | Rows | p50 / time | p95 / requests meanwhile |');
console.log('|---|---|---|---|---|');
for (const line of rows) console.log(line);
