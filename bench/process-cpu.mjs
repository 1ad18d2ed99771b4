#!/usr/bin/env node
// `node bench/process-cpu.mjs <out.json> & npm test; kill %1`: the CPU seconds of every process while something
// runs, grouped by what it is (Chromium by process type, the servers the tests start, Vitest's workers and main
// process, PostgreSQL, …), read from /proc/<pid>/stat once a second; on SIGTERM it prints the totals and writes
// them with a per-second timeline. A process that lives less than a second is partly missed. docs/benchmarks.md
// ("The next stop") quotes it.
import fs from 'node:fs';
import { commandOf, processCpu } from './support.mjs';

/** What a process is, from its command line; undefined once it has exited. */
function kindOf(pid) {
  const command = commandOf(pid);
  if (command === undefined) return undefined;
  if (command === '') return 'kernel';
  if (command.includes('chrom')) return `chrome:${/--type=([\w-]+)/.exec(command)?.[1] ?? 'browser'}`;
  if (/server\.mjs|api\/src\/server\.ts/.test(command)) return 'node:server';
  if (command.includes('vitest')) return /workers|forks|threads/.test(command) ? 'node:vitest-worker' : 'node:vitest-main';
  if (command.startsWith('postgres')) return 'postgres';
  if (command.includes('nginx')) return 'nginx';
  if (command.includes('process-cpu.mjs')) return 'this sampler';
  if (/(^|\/)node /.test(command)) return 'node:other';
  return `other:${command.split(' ')[0].split('/').pop()}`;
}

/** By pid and start time: the kind of each process seen and its CPU seconds at the last reading. */
const seen = new Map();
const totals = {};
/** Per second, the CPU seconds of each kind. */
const timeline = [];

function tick({ count = true } = {}) {
  const alive = new Set();
  const second = {};
  for (const { pid, startedAt, cpu } of processCpu()) {
    const key = `${pid}:${startedAt}`;
    alive.add(key);
    let known = seen.get(key);
    if (!known) {
      const kind = kindOf(pid);
      if (kind === undefined) continue;
      // A process already running at the first reading counts only what it uses from then on.
      known = { kind, cpu: count ? 0 : cpu };
      seen.set(key, known);
    }
    const used = cpu - known.cpu;
    known.cpu = cpu;
    if (count && used > 0) {
      totals[known.kind] = (totals[known.kind] ?? 0) + used;
      second[known.kind] = (second[known.kind] ?? 0) + used;
    }
  }
  for (const key of seen.keys()) if (!alive.has(key)) seen.delete(key);
  if (count) timeline.push(second);
}

tick({ count: false });
const timer = setInterval(tick, 1000);
process.on('SIGTERM', () => {
  clearInterval(timer);
  const summary = {
    totals: Object.fromEntries(
      Object.entries(totals)
        .sort((a, b) => b[1] - a[1])
        .map(([kind, seconds]) => [kind, Number(seconds.toFixed(1))]),
    ),
    seconds: timeline.length,
  };
  fs.writeFileSync(process.argv[2], JSON.stringify({ ...summary, timeline }));
  console.log(JSON.stringify(summary, null, 1));
  process.exit(0);
});
