#!/usr/bin/env node
// `npm run bench:durability`: what one acknowledged write costs (decision 0019). Single-row INSERT commits,
// one after another on one connection (autocommit: each INSERT is its own transaction), on PGlite on disk
// as the app opens it (`PGlite.create(dir)`, a fresh directory under the system's temporary folder) and,
// with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL (a scratch database it creates and drops),
// there also with `synchronous_commit = off` for the session. 20 warm-up commits, then BENCH_COMMITS (3000)
// or BENCH_SECONDS (4) of them, whichever ends first; prints commits/s, median, p95 and max per commit,
// and what each database says of fsync. Prints Markdown; docs/benchmarks.md quotes it.
// `node bench/durability.mjs --trace [commits]`: PGlite only, for strace: opens a fresh directory, creates
// the table, makes `commits` (100) commits, then one more between two lines on stderr
// ('--- commit ---', '--- committed ---'), so a trace of write and sync calls shows what one commit does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { machine, measuredAt, median } from './support.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const COMMITS = Number(process.env.BENCH_COMMITS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP = 20;
const SCRATCH_DATABASE = 'vitrine_bench_durability';
const CREATE_TABLE =
  'create table payments_probe (id bigserial primary key, amount_cents integer not null, note text not null, created_at timestamptz not null default now())';
const INSERT = 'insert into payments_probe (amount_cents, note) values ($1, $2)';

const insertOne = (client, i) => client.query(INSERT, [1990 + (i % 100), `PIX confirmado ${i}`]);

async function settings(client) {
  const shown = {};
  for (const name of ['server_version', 'fsync', 'synchronous_commit', 'wal_sync_method']) shown[name] = (await client.query(`show ${name}`)).rows[0][name];
  return shown;
}

async function commits(client) {
  for (let i = 0; i < WARMUP; i += 1) await insertOne(client, i);
  const times = [];
  const started = performance.now();
  while (times.length < COMMITS && performance.now() - started < SECONDS * 1000) {
    const before = performance.now();
    await insertOne(client, times.length);
    times.push(performance.now() - before);
  }
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: times.length / elapsed,
    median: median(times),
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
    max: sorted.at(-1),
  };
}

async function openPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-durability-'));
  const client = await PGlite.create(dir);
  await client.query(CREATE_TABLE);
  return {
    client,
    close: async () => {
      await client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(sessionSettings = []) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${SCRATCH_DATABASE} with (force)`);
  await admin.query(`create database ${SCRATCH_DATABASE}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${SCRATCH_DATABASE}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  for (const statement of sessionSettings) await client.query(statement);
  await client.query(CREATE_TABLE);
  return {
    client,
    close: async () => {
      await client.end();
      await admin.query(`drop database ${SCRATCH_DATABASE} with (force)`);
      await admin.end();
    },
  };
}

if (process.argv[2] === '--trace') {
  const { client, close } = await openPglite();
  for (let i = 0; i < Number(process.argv[3] ?? 100); i += 1) await insertOne(client, i);
  process.stderr.write('--- commit ---\n');
  await insertOne(client, -1);
  process.stderr.write('--- committed ---\n');
  console.log(`PGlite: ${JSON.stringify(await settings(client))}`);
  await close();
} else {
  const stores = [{ name: 'PGlite on disk (`PGlite.create(dir)`)', open: () => openPglite() }];
  if (postgresUrl) {
    stores.push(
      { name: 'PostgreSQL (its settings)', open: () => openPostgres() },
      { name: 'PostgreSQL, `synchronous_commit = off` (session)', open: () => openPostgres(['set synchronous_commit = off']) },
    );
  } else {
    console.error('Sem BENCH_DATABASE_URL nem TEST_DATABASE_URL: só o PGlite.');
  }
  console.log(`${measuredAt()} UTC, ${machine()}, load average ${os.loadavg()[0].toFixed(2)}; ${WARMUP} warm-up commits, then ${COMMITS} or ${SECONDS} s.\n`);
  console.log('| Database | commits | commits/s | median | p95 | max | version, fsync, synchronous_commit, wal_sync_method |');
  console.log('|---|---|---|---|---|---|---|');
  for (const store of stores) {
    const { client, close } = await store.open();
    try {
      const shown = await settings(client);
      const result = await commits(client);
      console.log(
        `| ${store.name} | ${result.count} | ${Math.round(result.perSecond)} | ${result.median.toFixed(2)} ms | ${result.p95.toFixed(2)} ms | ${result.max.toFixed(2)} ms | ${Object.values(shown).join(', ')} |`,
      );
    } finally {
      await close();
    }
  }
}
