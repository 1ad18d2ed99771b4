#!/usr/bin/env node
// `npm run bench:browser-cpu`: what a page load costs the machine in the browser the tests drive
// (decision 0018). For each browser (BENCH_BROWSERS, default Debian's chromium-headless-shell and chromium)
// and page (BENCH_PAGES, default / and /admin): a fresh context, `goto`, until the app is alive, then
// `networkidle`; the CPU of every Chromium process from /proc, the mean of BENCH_RUNS loads after one.
// Then the same page idle for 3 s, unthrottled and on a 4× slower CPU (DevTools' throttling spins).
// Prints the figures; docs/benchmarks.md quotes them. Needs `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, commandOf, machine, measuredAt, processCpu, startApi } from './support.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 4);
const BROWSERS = (process.env.BENCH_BROWSERS ?? '/usr/bin/chromium-headless-shell,/usr/bin/chromium').split(',');
const PAGES = (process.env.BENCH_PAGES ?? '/,/admin').split(',');

/** CPU seconds of every running Chromium process, by process id (with its type). */
function chromiumCpu() {
  const byPid = {};
  for (const { pid, cpu } of processCpu()) {
    const command = commandOf(pid);
    if (!command?.includes('chrom')) continue;
    byPid[pid] = { type: /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser', cpu };
  }
  return byPid;
}
/**
 * CPU used between two readings by the processes alive at the second (of `type`, or all): per process, so a
 * process that exits in between (the renderer of a context closed before) does not take its total away.
 */
const used = (before, after, type) =>
  Object.entries(after)
    .filter(([, process]) => !type || process.type === type)
    .reduce((sum, [pid, process]) => sum + process.cpu - (before[pid]?.cpu ?? 0), 0);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-browser-cpu-'));
const api = await startApi({ DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@vitrine.test', ADMIN_PASSWORD: 'bench-browser-123' });
console.log(`${machine()}; ${measuredAt()} UTC; ${RUNS} loads after one\n`);
try {
  for (const executablePath of BROWSERS) {
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    for (const page of PAGES) {
      const loads = [];
      for (let run = 0; run <= RUNS; run++) {
        const before = chromiumCpu();
        const started = Date.now();
        const context = await browser.newContext({ baseURL: api.url, viewport: { width: 1280, height: 800 } });
        const tab = await context.newPage();
        await tab.goto(page);
        await tab.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
        await tab.waitForLoadState('networkidle');
        // Read before closing: a closed context's renderer exits and its CPU leaves /proc with it.
        if (run > 0) loads.push({ cpu: used(before, chromiumCpu()), wall: Date.now() - started });
        await context.close();
      }
      console.log(
        `${path.basename(executablePath)} ${page}: ${mean(loads.map((load) => load.cpu)).toFixed(2)} s of CPU a load (${loads.map((load) => load.cpu.toFixed(2)).join(', ')}), ${mean(loads.map((load) => load.wall)).toFixed(0)} ms`,
      );
    }
    for (const rate of [1, 4]) {
      const context = await browser.newContext({ baseURL: api.url, viewport: { width: 390, height: 844 } });
      const tab = await context.newPage();
      await (await context.newCDPSession(tab)).send('Emulation.setCPUThrottlingRate', { rate });
      await tab.goto('/');
      await tab.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
      const before = chromiumCpu();
      await tab.waitForTimeout(3_000);
      console.log(`${path.basename(executablePath)} /, idle 3 s, CPU ${rate}×: ${used(before, chromiumCpu(), 'renderer').toFixed(2)} s of renderer CPU`);
      await context.close();
    }
    await browser.close();
  }
} finally {
  await api.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
