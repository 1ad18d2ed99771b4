#!/usr/bin/env node
// `npm run bench:memory`: where the compiled server's resident memory goes on the embedded database. Starts
// `apps/api/dist/server.mjs` on a new DATA_DIR (the demo shop's first start), stops it, starts it again on that
// directory and reads its resident set (VmRSS, /proc) after start-up and after every public page and catalogue
// read twice (BENCH_ROUNDS); then what PGlite alone takes on the same database with each buffer cache size
// (shared_buffers), each in a process of its own. Prints Markdown; docs/benchmarks.md quotes it. Needs `npm run build`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { machine, measuredAt, PUBLIC_PAGES, PUBLIC_READS, root, startApi } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const server = path.join(root, 'apps/api/dist/server.mjs');
const status = (pid) =>
  Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .filter((line) => /^(VmRSS|VmHWM|RssAnon|RssFile):/.test(line))
      .map((line) => [line.split(':')[0], Math.round(Number(line.split(/\s+/)[1]) / 1024)]),
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-memory-'));
try {
  const first = await startApi({ DATA_DIR: dataDir }, server);
  const firstStart = status(first.pid);
  await first.stop();
  const api = await startApi({ DATA_DIR: dataDir }, server);
  const afterStart = status(api.pid);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const url of [...PUBLIC_PAGES, ...PUBLIC_READS]) await (await fetch(`${api.url}${url}`)).arrayBuffer();
  }
  const afterReads = status(api.pid);
  await api.stop();

  // PGlite alone on a copy of the same database, per buffer cache size, each in a process of its own.
  const alone = [];
  for (const sharedBuffers of ['128MB', '32MB', '16MB']) {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-memory-pglite-'));
    fs.cpSync(path.join(dataDir, 'pglite'), copy, { recursive: true });
    const script = `
      import { PGlite } from '@electric-sql/pglite';
      import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
      const base = process.memoryUsage().rss;
      const pg = await PGlite.create(${JSON.stringify(copy)}, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${sharedBuffers}'], extensions: { pg_trgm } });
      const opened = process.memoryUsage().rss;
      for (let i = 0; i < 20; i += 1) await pg.query('select * from pg_class, pg_attribute limit 5000');
      const read = process.memoryUsage();
      await pg.close();
      console.log(JSON.stringify({ opened: opened - base, read: read.rss - base, wasm: read.external }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(root, 'apps/api') }).toString();
    fs.rmSync(copy, { recursive: true, force: true });
    const mb = Object.fromEntries(Object.entries(JSON.parse(out)).map(([key, bytes]) => [key, Math.round(bytes / 2 ** 20)]));
    alone.push({ sharedBuffers, ...mb });
  }

  console.log(`## Resident memory\n`);
  console.log(`Command: \`npm run build && npm run bench:memory\`. Machine: ${machine()}. Measured ${measuredAt()} UTC.\n`);
  console.log('| Compiled server on PGlite | VmRSS | VmHWM (peak) | anonymous | file-backed |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| first start (create, migrate, seed the demo) | ${firstStart.VmRSS} MB | ${firstStart.VmHWM} MB | ${firstStart.RssAnon} MB | ${firstStart.RssFile} MB |`,
  );
  console.log(`| next start, after start-up | ${afterStart.VmRSS} MB | ${afterStart.VmHWM} MB | ${afterStart.RssAnon} MB | ${afterStart.RssFile} MB |`);
  console.log(
    `| after every public page and read ×${ROUNDS} | ${afterReads.VmRSS} MB | ${afterReads.VmHWM} MB | ${afterReads.RssAnon} MB | ${afterReads.RssFile} MB |`,
  );
  console.log('\n| PGlite alone on the same database | opened | after 20 catalogue scans | WebAssembly + external |');
  console.log('|---|---|---|---|');
  for (const row of alone) console.log(`| shared_buffers=${row.sharedBuffers} | +${row.opened} MB | +${row.read} MB | ${row.wasm} MB |`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
