#!/usr/bin/env node
// `npm run bench:reads`: every public catalogue read and public page against a plain node:http server returning the same
// bytes, in one run, on PGlite and (with TEST_DATABASE_URL or BENCH_DATABASE_URL) on PostgreSQL.
// autocannon on loopback, 50 connections, 2 s of warm-up, then 10 s measured. The section it writes in
// docs/benchmarks.md is replaced; the others are kept. Needs the web app built (`npm run build`).
// BENCH_READS=/api/apps,/ measures only those reads and leaves docs/benchmarks.md as it is.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { machine, measuredAt, PUBLIC_PAGES, PUBLIC_READS, root, startApi, writeSection } from './support.mjs';

const ALL_READS = [...PUBLIC_READS, ...PUBLIC_PAGES];
const READS = process.env.BENCH_READS ? process.env.BENCH_READS.split(',') : ALL_READS;

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function startPlain(answersFile) {
  const child = spawn(process.execPath, [path.join(root, 'bench/plain-server.mjs'), answersFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const line = (await lines.next()).value;
  return {
    url: `http://127.0.0.1:${line.trim()}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function load(url) {
  await autocannon({ url, connections: 50, duration: 2 });
  const result = await autocannon({ url, connections: 50, duration: seconds });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function measure(label, env) {
  // One address opens every connection here, and the warm-up's may still be closing when the measured run
  // opens its own: the per-address connection cap (50 by default) would refuse the load as the attack it
  // looks like. The plain server has no cap either.
  const api = await startApi({ MAX_CONNECTIONS_PER_CLIENT: '0', ...env });
  const answers = {};
  for (const read of READS) {
    // A page's first request may get it as built while the page server renders it with its answers (it
    // waits 150 ms for that): the plain server must answer what ours answers once warm, so the answer is
    // read again until two in a row are the same.
    let previous;
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${api.url}${read}`, { headers: { 'accept-encoding': 'identity' } });
      if (!response.ok) throw new Error(`${read} → ${response.status}`);
      const answer = { type: response.headers.get('content-type'), body: await response.text() };
      if (previous?.body === answer.body) break;
      if (attempt === 10) throw new Error(`${read}: a resposta não se estabilizou em 10 leituras`);
      previous = answer;
      await setTimeout(200);
    }
    answers[read] = previous;
  }
  const answersFile = path.join(os.tmpdir(), `vitrine-bench-answers-${process.pid}.json`);
  fs.writeFileSync(answersFile, JSON.stringify(answers));
  const plain = await startPlain(answersFile);
  const rows = [];
  try {
    for (const read of READS) {
      const ours = await load(`${api.url}${read}`);
      const reference = await load(`${plain.url}${read}`);
      const bytes = Buffer.byteLength(answers[read].body);
      rows.push({ label, read, bytes, ours, reference, ratio: ours.rps / reference.rps });
      console.log(label, read, ours, reference);
    }
    rows.rss = api.rssMb();
  } finally {
    await plain.stop();
    await api.stop();
    fs.rmSync(answersFile, { force: true });
  }
  return rows;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-reads-'));
const results = [await measure('PGlite', { DATA_DIR: dataDir })];
fs.rmSync(dataDir, { recursive: true, force: true });
if (postgresUrl)
  results.push(
    await measure('PostgreSQL', {
      DATABASE_URL: postgresUrl,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-pg-')),
    }),
  );

const load1 = os.loadavg()[0].toFixed(2);
const all = results.flat();
const met = (row) => row.ratio >= 0.5 && row.ours.p99 < 50 && row.ours.errors === 0;
const lines = [
  '## Public reads against a plain server',
  '',
  `Command: \`npm run build && npm run bench:reads\`${postgresUrl ? ' (with `TEST_DATABASE_URL` set for the PostgreSQL rows)' : ''}.`,
  `Machine: ${machine()}, ${os.platform()} ${os.release()}. Measured ${measuredAt()} UTC; load average at the end ${load1}.`,
  '',
  `autocannon on loopback, 50 connections, 2 s warm-up then ${seconds} s, one read at a time, anonymous (the cached path); the pages are the page server's HTML.`,
  'The plain server is a bare `node:http` process answering the same bytes (`bench/plain-server.mjs`).',
  "Target per row: at least 50 % of the plain server's rate, p99 under 50 ms, no errors.",
  '',
  '| Database | Read | bytes | req/s | p50 | p99 | errors | plain req/s | ratio | target |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...all.map(
    (row) =>
      `| ${row.label} | \`${row.read}\` | ${row.bytes} | ${row.ours.rps} | ${row.ours.p50} ms | ${row.ours.p99} ms | ${row.ours.errors} | ${row.reference.rps} | ${row.ratio.toFixed(2)} | ${met(row) ? 'met' : 'missed'} |`,
  ),
  '',
  ...results.map((rows) => `Resident memory of the API after the ${rows[0].label} run: ${rows.rss.toFixed(0)} MB.`),
  '',
];
if (!process.env.BENCH_READS) writeSection(path.join(root, 'docs/benchmarks.md'), lines);
console.log(lines.join('\n'));
