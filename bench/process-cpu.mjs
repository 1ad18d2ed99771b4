#!/usr/bin/env node
// `node bench/process-cpu.mjs <out.json> & npm test; kill %1`: the CPU seconds of every process while something
// runs, grouped by what it is (Chromium by process type, the servers the tests start, Vitest's workers and main
// process, PostgreSQL, …), read from /proc/<pid>/stat once a second; on SIGTERM it prints the totals and writes
// them with a per-second timeline. A process that lives less than a second is partly missed. docs/benchmarks.md
// ("The next stop") quotes it.
import fs from 'node:fs';

const HZ = 100;
const last = new Map(); // pid -> {cpu, cat}
const totals = {};
const timeline = [];
function cat(pid) {
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
  if (/chromium/.test(cmd)) {
    const t = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    return 'chrome:' + t;
  }
  if (/server\.mjs|api\/src\/server\.ts/.test(cmd)) return 'node:server';
  if (/vitest/.test(cmd)) return /workers|forks|threads/.test(cmd) ? 'node:vitest-worker' : 'node:vitest-main';
  if (/^postgres/.test(cmd)) return 'postgres';
  if (/nginx/.test(cmd)) return 'nginx';
  if (/procsample/.test(cmd)) return 'sampler';
  if (/^node /.test(cmd) || /\/node /.test(cmd)) return 'node:other';
  if (cmd === '') return 'kernel';
  return 'other:' + cmd.split(' ')[0].split('/').pop();
}
function tick() {
  const seen = new Set();
  const slot = {};
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12])) / HZ;
    const start = f[19];
    const key = pid + ':' + start;
    seen.add(key);
    let prev = last.get(key);
    if (!prev) {
      const c = cat(pid);
      if (c === null) continue;
      prev = { cpu: 0, cat: c };
      last.set(key, prev);
    }
    const d = cpu - prev.cpu;
    prev.cpu = cpu;
    if (d > 0) {
      totals[prev.cat] = (totals[prev.cat] ?? 0) + d;
      slot[prev.cat] = (slot[prev.cat] ?? 0) + d;
    }
  }
  for (const k of last.keys()) if (!seen.has(k)) last.delete(k);
  timeline.push(slot);
}
// processes that existed before start: count only deltas
tick();
for (const k of Object.keys(totals)) delete totals[k];
timeline.length = 0;
const timer = setInterval(tick, 1000);
process.on('SIGTERM', () => {
  clearInterval(timer);
  const out = {
    totals: Object.fromEntries(
      Object.entries(totals)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, +v.toFixed(1)]),
    ),
    seconds: timeline.length,
  };
  fs.writeFileSync(process.argv[2], JSON.stringify({ ...out, timeline }));
  console.log(JSON.stringify(out, null, 1));
  process.exit(0);
});
