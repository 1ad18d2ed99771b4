#!/usr/bin/env node
// `npm run bench`: start-up times and read throughput, written to docs/benchmarks.md.
// Runs on demand, never in the test suite. Needs the build (`npm run build`): the servers started are
// the compiled one (apps/api/dist/server.mjs), as `npm start` runs it.
// `npm run bench -- --startup [runs]`: only the start-up comparison of the compiled server with the
// sources run through tsx (alternating, on one existing DATA_DIR), written to its own section.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median } from './support.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = {
  compiled: [path.join(root, 'apps/api/dist/server.mjs')],
  sources: ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
};
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function start(env, entry = 'compiled') {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ENTRIES[entry], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  return {
    url,
    ms,
    rssMb: Number(execSync(`ps -o rss= -p ${child.pid}`).toString().trim()) / 1024,
    rss: () => Number(execSync(`ps -o rss= -p ${child.pid}`).toString().trim()) / 1024,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function load(url, title) {
  const result = await autocannon({ url, connections: 50, duration: 10 });
  return { title, rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const file = path.join(root, 'docs/benchmarks.md');

/** Replaces this script's sections in docs/benchmarks.md; sections written by other scripts are kept. */
function writeSections(lines) {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const ownTitles = new Set(lines.filter((line) => line.startsWith('## ')));
  const [head, ...parts] = previous.split(/\n(?=## )/);
  const kept = parts.filter((part) => !ownTitles.has(part.split('\n')[0]));
  const top = lines[0]?.startsWith('# ') ? [] : [head ?? '# Benchmarks\n'];
  fs.writeFileSync(file, [...top, lines.join('\n'), ...kept].join('\n'));
  console.log(lines.join('\n'));
}

// `npm run bench -- --startup-against OTHER/apps/api/dist/server.mjs [runs]`: this checkout's compiled server and
// another build (an earlier commit's checkout, built), alternating on one existing DATA_DIR. On a machine where other
// work runs, run it as `chrt -f 50 npm run bench -- …` (real-time priority: the starts are not slowed by the rest).
if (process.argv[2] === '--startup-against') {
  ENTRIES.other = [path.resolve(process.argv[3])];
  const runs = Number(process.argv[4] ?? 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  await (await start({ DATA_DIR: dataDir })).stop();
  const results = { other: [], compiled: [] };
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? ['other', 'compiled'] : ['compiled', 'other'];
    for (const entry of order) {
      const server = await start({ DATA_DIR: dataDir }, entry);
      // Memory once the start's own work has settled.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      results[entry].push({ ms: server.ms, rssMb: server.rss() });
      await server.stop();
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const row = (title, values) =>
    `| ${title} | ${Math.round(median(values.map((v) => v.ms)))} ms | ${values.map((v) => Math.round(v.ms)).join(', ')} ms | ${Math.round(median(values.map((v) => v.rssMb)))} MB |`;
  console.log(
    [
      `Command: \`npm run build && chrt -f 50 npm run bench -- --startup-against ${process.argv[3]} ${runs}\`. Machine: ${machine}; load average at the start ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}; ${new Date().toISOString().slice(0, 16)} UTC.`,
      '',
      '| Server | median to a healthy /api/health | runs | resident memory 3 s later (median) |',
      '|---|---|---|---|',
      row(`\`${process.argv[3]}\` (before)`, results.other),
      row('`node apps/api/dist/server.mjs` (this checkout)', results.compiled),
    ].join('\n'),
  );
  process.exit(0);
}

if (process.argv[2] === '--startup') {
  const runs = Number(process.argv[3] ?? 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  // The directory is created (initdb, migrations, seed) once, then every start finds it existing.
  await (await start({ DATA_DIR: dataDir })).stop();
  const results = { sources: [], compiled: [] };
  for (let run = 0; run < runs; run++) {
    // Alternating, and each pair in the other order from the last, so a busy moment falls on both.
    const order = run % 2 === 0 ? ['sources', 'compiled'] : ['compiled', 'sources'];
    for (const entry of order) {
      const server = await start({ DATA_DIR: dataDir }, entry);
      results[entry].push({ ms: server.ms, rssMb: server.rssMb });
      await server.stop();
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const row = (title, values) =>
    `| ${title} | ${Math.round(median(values.map((v) => v.ms)))} ms | ${values.map((v) => Math.round(v.ms)).join(', ')} ms | ${Math.round(median(values.map((v) => v.rssMb)))} MB | ${values.map((v) => Math.round(v.rssMb)).join(', ')} MB |`;
  writeSections([
    '## Start-up: compiled server and sources through tsx',
    '',
    `Command: \`npm run build && npm run bench -- --startup ${runs}\`. Machine: ${machine}; load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
    `Measured ${new Date().toISOString().slice(0, 13)}:00 UTC. From spawning \`node\` to the first 200 on /api/health, on one existing DATA_DIR,`,
    'the two alternating; memory is the resident set (RSS) at that moment.',
    '',
    '| Server | median | runs | RSS median | RSS runs |',
    '|---|---|---|---|---|',
    row('`node --import tsx apps/api/src/server.ts` (before)', results.sources),
    row('`node apps/api/dist/server.mjs` (compiled, `npm start`)', results.compiled),
    '',
  ]);
  process.exit(0);
}

const rows = [];
const throughput = [];

// Start-up: a fresh data directory (initdb + migrations + seed), then the same directory again.
const fresh = [];
const existing = [];
let memory;
for (let run = 0; run < 3; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  const first = await start({ DATA_DIR: dataDir });
  fresh.push(first.ms);
  await first.stop();
  const second = await start({ DATA_DIR: dataDir });
  existing.push(second.ms);
  if (run === 0) {
    memory = second.rssMb;
    throughput.push(await load(`${second.url}/api/health`, 'PGlite — GET /api/health'));
    throughput.push(await load(`${second.url}/api/site-config/footer`, 'PGlite — GET /api/site-config/footer'));
    const plans = await fetch(`${second.url}/api/plans`);
    if (plans.ok) throughput.push(await load(`${second.url}/api/plans`, 'PGlite — GET /api/plans'));
    throughput.push(await load(`${second.url}/`, 'PGlite — GET / (index.html)'));
  }
  await second.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
rows.push(['Start-up, fresh DATA_DIR (init + migrate + seed), to first 200 on /api/health', fresh]);
rows.push(['Start-up, existing DATA_DIR', existing]);

if (postgresUrl) {
  const pgRuns = [];
  for (let run = 0; run < 3; run++) {
    const server = await start({ DATABASE_URL: postgresUrl, AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
    pgRuns.push(server.ms);
    if (run === 0) {
      throughput.push(await load(`${server.url}/api/site-config/footer`, 'PostgreSQL — GET /api/site-config/footer'));
      const plans = await fetch(`${server.url}/api/plans`);
      if (plans.ok) throughput.push(await load(`${server.url}/api/plans`, 'PostgreSQL — GET /api/plans'));
    }
    await server.stop();
  }
  rows.push(['Start-up on PostgreSQL (migrations already applied)', pgRuns]);
}

const lines = [
  '# Benchmarks',
  '',
  `Command: \`npm run build && npm run bench\`${postgresUrl ? ' (with `TEST_DATABASE_URL` set for the PostgreSQL rows)' : ''}.`,
  `Machine: ${machine}. Measured ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '## Start-up (3 runs each)',
  '',
  '| What | median | runs |',
  '|---|---|---|',
  ...rows.map(([title, values]) => `| ${title} | ${Math.round(median(values))} ms | ${values.map((v) => Math.round(v)).join(', ')} ms |`),
  '',
  `Resident memory after start-up on an existing DATA_DIR: ${memory?.toFixed(0)} MB.`,
  '',
  '## Read throughput (autocannon, 50 connections, 10 s, loopback, same machine)',
  '',
  '| Route | req/s | p99 | errors |',
  '|---|---|---|---|',
  ...throughput.map((t) => `| ${t.title} | ${t.rps} | ${t.p99} ms | ${t.errors} |`),
  '',
  'Reading the numbers:',
  '',
  '- The catalogue reads (`/api/plans`, the footer) are answered from the public read cache after the',
  '  first request, without database work, so PGlite and PostgreSQL answer at about the same rate. Before',
  '  the cache, a 20-row PGlite read capped near 2,000 req/s (PGlite shares the Node thread).',
  '- `/api/health` asks the database on every request (it reports whether the database answers), so it',
  "  stays near PGlite's own rate.",
  '- `GET /` answers the prerendered home page from memory, with its ETag (autocannon asks for no',
  '  compression, so the 32 KB go as they are). Read from disk on every request, it did 4,300 req/s.',
  '- Start-up on a fresh directory is dominated by PGlite creating its cluster (initdb); the existing',
  '  directory case is loading PGlite and the compiled server.',
  '',
];
writeSections(lines);
